#!/bin/sh
# Build Aaron Siegel's MisereSolver (the Java misère-quotient solver inside CGSuite's repository,
# https://github.com/aaron-siegel/cgsuite, GPL) from its public source with javac alone, for
# `python -m benchmarks misere --peer`.  Nothing of it is vendored: its files are read from a git
# clone of that repository at a pinned commit.
#
#   sh benchmarks/peers/miseresolver.sh OUT [CGSUITE_GIT]
#
# OUT: the folder for the classes (made).  CGSUITE_GIT: a git directory of that repository (a clone
# or a bare mirror); without it the script clones it into OUT/cgsuite.git (needs the network).
#
# What is built as it is: the solver (MisereSolver, Pretension, BipartiteMonoid, CommutativeMonoid,
# DirectSumMonoid, ExplicitFiniteMonoid, Relation, Word, MsvLoader), CGSuite's Java
# PeriodicityChecker and the TimeoutException class of its CommandLineInterface.
# What is not: CGSuite's core is Scala 2.13 (and its command line needs the CGScript interpreter,
# ANTLR 3, rings, jline ...), none of which this machine's registries serve.  The solver asks its
# rules for one thing, a heap's options; benchmarks/peers/miseresolver/ holds zermelo's Java
# stand-ins for the Scala classes it names (HeapRuleset, TakeAndBreak for octal codes, TBCode,
# Periodicity) and Bench.java, the loop of CommandLineInterface.runMisereSolver without printing.
# The one edit to Siegel's source: MisereSolver.heapOptions, which converts Scala collections,
# becomes a call to the stand-in's heapOptionsAsArrays (its two Scala imports dropped).
set -eu
COMMIT=e909ab8bc330e39bc837d26b22bc8a96f9fa512a
OUT=${1:?usage: miseresolver.sh OUT [CGSUITE_GIT]}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
GITDIR=${2:-}
if [ -z "$GITDIR" ]; then
    GITDIR="$OUT/cgsuite.git"
    [ -d "$GITDIR" ] || git clone --bare --quiet https://github.com/aaron-siegel/cgsuite "$GITDIR"
fi
SRC="$OUT/src"
rm -rf "$SRC" "$OUT/classes"
mkdir -p "$SRC/solver" "$SRC/impartial" "$OUT/classes"
S=lib/core/src/main/scala/org/cgsuite/core
for f in BipartiteMonoid CommutativeMonoid DirectSumMonoid ExplicitFiniteMonoid MisereSolver MsvLoader Pretension Relation Word; do
    git --git-dir="$GITDIR" show "$COMMIT:$S/misere/solver/$f.java" > "$SRC/solver/$f.java"
done
git --git-dir="$GITDIR" show "$COMMIT:$S/impartial/PeriodicityChecker.java" > "$SRC/impartial/PeriodicityChecker.java"
# TimeoutException: the last class of CommandLineInterface.java (the rest needs CGScript)
{
    echo "package org.cgsuite.core.misere.solver;"
    git --git-dir="$GITDIR" show "$COMMIT:$S/misere/solver/CommandLineInterface.java" | sed -n '/^class TimeoutException/,$p'
} > "$SRC/solver/TimeoutException.java"
# The one edit: heapOptions through the stand-in (its body converts Scala collections).
python3 - "$SRC/solver/MisereSolver.java" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
text = text.replace("import scala.collection.immutable.IndexedSeq;\n", "").replace("import scala.jdk.CollectionConverters;\n", "")
new, n = re.subn(r"public List<int\[\]> heapOptions\(int heapSize\) \{.*?\n    \}\n",
                 "public List<int[]> heapOptions(int heapSize) {\n        return rules.heapOptionsAsArrays(heapSize);\n    }\n",
                 text, count=1, flags=re.S)
if n != 1 or "scala" in new:
    sys.exit("miseresolver.sh: MisereSolver.heapOptions not found as expected at the pinned commit")
open(path, "w").write(new)
PY
cp "$HERE"/miseresolver/*.java "$SRC/"
javac -nowarn -encoding UTF-8 -d "$OUT/classes" $(find "$SRC" -name '*.java') 2>"$OUT/javac.log" || { cat "$OUT/javac.log" >&2; exit 1; }
echo "$OUT/classes"
