// zermelo's stand-in for CGSuite's Scala trait org.cgsuite.core.impartial.HeapRuleset (the benchmark
// builds MisereSolver's Java with javac alone; CGSuite's Scala core cannot be built here).
// Only what MisereSolver asks of its rules: a heap's options as arrays of heap sizes.
package org.cgsuite.core.impartial;

import java.util.List;

public abstract class HeapRuleset {
    /** The options of one heap: each an array of the heap sizes it leaves (no empty heaps). */
    public abstract List<int[]> heapOptionsAsArrays(int heapSize);

    public List<int[]> allOptions(int heapSize) {
        return heapOptionsAsArrays(heapSize);
    }
}
