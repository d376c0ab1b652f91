// A timing driver for Pascal Pons' Connect Four solver (github PascalPons/connect4), written for
// zermelo's benchmarks: it only calls the solver's public API (Position::play, Solver::solve,
// Solver::reset, Solver::getNodeCount) and is compiled against a checkout given as PONS_DIR.
// No opening book is loaded.  Reads one move sequence per line; prints
// "<score> <nodes> <microseconds>" per line, the table cleared before each position.
// Usage: pons_timer [-w] < positions
#include "Solver.hpp"
#include <chrono>
#include <cstring>
#include <iostream>
#include <string>

int main(int argc, char **argv) {
  using namespace GameSolver::Connect4;
  bool weak = argc > 1 && std::strcmp(argv[1], "-w") == 0;
  Solver solver;
  std::string line;
  while (std::getline(std::cin, line)) {
    Position P;
    if (P.play(line) != line.size()) {
      std::cout << "invalid" << std::endl;
      continue;
    }
    solver.reset();
    auto t0 = std::chrono::steady_clock::now();
    int score = solver.solve(P, weak);
    auto t1 = std::chrono::steady_clock::now();
    long long us = std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0).count();
    std::cout << score << " " << solver.getNodeCount() << " " << us << std::endl;
  }
  return 0;
}
