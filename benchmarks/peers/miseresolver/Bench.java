// zermelo's driver for MisereSolver: the loop of CGSuite's CommandLineInterface.runMisereSolver
// without its printing: check the pretending function's periodicity as TBCode.periodicityChecker
// sets it up, then extend the presentation by one heap, up to maxHeap.
// Usage: java -cp DIR org.cgsuite.core.misere.solver.Bench CODE MAXHEAP
package org.cgsuite.core.misere.solver;

import org.cgsuite.core.impartial.Periodicity;
import org.cgsuite.core.impartial.PeriodicityChecker;
import org.cgsuite.core.impartial.TakeAndBreak;

public class Bench {
    public static void main(String[] args) {
        TakeAndBreak rules = TakeAndBreak.apply(args[0]);
        int maxHeap = Integer.parseInt(args[1]);
        PeriodicityChecker checker = new PeriodicityChecker();
        int m = rules.maxHeaps();
        checker.setLinearCriteria(m, m, rules.digitCount() - 1 + m);
        checker.setMaxSaltus(0);
        MisereSolver ms = new MisereSolver(rules);
        Periodicity found = null;
        while (ms.p.prefn.size() <= maxHeap) {
            found = checker.checkSequence(ms.p.prefn);
            if (found != null && found.saltus() == 0) break;
            found = null;
            ms.next();
        }
        int upto = ms.p.prefn.size() - 1;
        System.out.println("Q_" + upto + "(" + rules + ") has size " + ms.p.quotient.monoid.size()
                + ", |P| = " + ms.p.quotient.pPortionSize()
                + (found == null ? ", no period found" : ", period " + found.period() + " from " + found.preperiod()));
    }
}
