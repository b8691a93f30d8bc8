# Stand-in for loguru: tau2's domain code only logs.
class _L:
    def __getattr__(self, n):
        return lambda *a, **k: None
logger = _L()
