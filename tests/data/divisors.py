import zermelo


@zermelo.impartial
def game(n):
    """Subtract a proper divisor of n; who cannot move loses."""
    return [n - d for d in range(1, n) if n % d == 0]
