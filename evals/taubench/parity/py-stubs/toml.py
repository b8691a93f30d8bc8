# Stand-in for toml (reading only), over the standard library's tomllib.
import tomllib
def load(f):
    if isinstance(f, str):
        with open(f, 'rb') as fp: return tomllib.load(fp)
    return tomllib.loads(f.read())
def loads(s): return tomllib.loads(s)
