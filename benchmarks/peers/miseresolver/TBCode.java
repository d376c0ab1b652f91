// zermelo's stand-in for CGSuite's Scala TBCode: MsvLoader (reading saved .msv files, unused by the
// benchmark) names it.
package org.cgsuite.core.impartial;

public class TBCode {
    private final String code;

    private TBCode(String code) {
        this.code = code;
    }

    public static TBCode apply(String code) {
        return new TBCode(code);
    }

    @Override
    public String toString() {
        return code;
    }
}
