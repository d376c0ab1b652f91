// zermelo's stand-in for CGSuite's TakeAndBreak, for octal codes d0.d1d2... (digits 0-7): taking
// k tokens (k >= 1, or k = 0 for d0) may leave 0 heaps (bit 1), 1 heap (bit 2) or 2 heaps (bit 4).
package org.cgsuite.core.impartial;

import java.util.ArrayList;
import java.util.List;

public class TakeAndBreak extends HeapRuleset {
    private final String code;
    final int[] digits; // digits[k]: what taking k tokens may leave

    private TakeAndBreak(String code) {
        this.code = code;
        int dot = code.indexOf('.');
        String whole = dot < 0 ? code : code.substring(0, dot);
        String frac = dot < 0 ? "" : code.substring(dot + 1);
        digits = new int[1 + frac.length()];
        digits[0] = whole.isEmpty() ? 0 : Integer.parseInt(whole);
        for (int k = 0; k < frac.length(); k++) {
            digits[k + 1] = frac.charAt(k) - '0';
            if (digits[k + 1] < 0 || digits[k + 1] > 7) throw new IllegalArgumentException("not an octal code: " + code);
        }
    }

    public static TakeAndBreak apply(String code) {
        return new TakeAndBreak(code);
    }

    /** The most heaps one move leaves (TBCode.maxHeaps, for the periodicity criteria). */
    public int maxHeaps() {
        int m = 0;
        for (int d : digits) {
            if ((d & 4) != 0) m = Math.max(m, 2);
            else if ((d & 2) != 0) m = Math.max(m, 1);
        }
        return m;
    }

    public int digitCount() {
        return digits.length;
    }

    @Override
    public List<int[]> heapOptionsAsArrays(int n) {
        List<int[]> result = new ArrayList<>();
        for (int k = 0; k < digits.length && k <= n; k++) {
            int d = digits[k], rest = n - k;
            if (k > 0 && (d & 1) != 0 && rest == 0) result.add(new int[0]);
            if ((d & 2) != 0 && rest > 0 && k > 0) result.add(new int[] {rest});
            if ((d & 4) != 0) {
                for (int a = 1; a <= rest - a; a++) result.add(new int[] {a, rest - a});
            }
        }
        return result;
    }

    @Override
    public String toString() {
        return code;
    }
}
