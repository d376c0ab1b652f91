import zermelo


def guess(n):
    return n % 2  # a wrong closed form: G(1) is 0


@zermelo.impartial(grundy_formula=guess)
def game(n):
    """Subtract a proper divisor of n, with a planted wrong closed form."""
    return [n - d for d in range(1, n) if n % d == 0]


@zermelo.impartial
def buggy(n):
    """Subtract a proper divisor of n, written with a bug."""
    return [n - d for d in range(1, n) if n % (d - 1) == 0]


@zermelo.impartial(subtraction_set=(1, 2, 5))
def take125(n):
    """Take 1, 2 or 5 counters."""
    return [n - s for s in (1, 2, 5) if s <= n]


@zermelo.impartial
class Bachet:
    """Take 1 to k counters: the subtraction game {1, ..., k}, declared so."""

    def __init__(self, k):
        self.params = (k,)
        self.subtraction_set = tuple(range(1, k + 1))

    def options(self, n):
        return [n - t for t in range(1, min(n, self.params[0]) + 1)]
