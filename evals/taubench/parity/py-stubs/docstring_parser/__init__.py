# Stand-in for docstring_parser: google-style docstrings as tau2's tools write them (short description = first
# line, long = the rest before the first section, Args: parameter descriptions).
import inspect, re
class P:
    def __init__(s, n, d): s.arg_name, s.description, s.type_name = n, d, None
class D:
    def __init__(s): s.short_description=None; s.long_description=None; s.params=[]; s.returns=None; s.raises=[]; s.examples=[]
TITLES = ('Args', 'Arguments', 'Parameters', 'Returns', 'Return', 'Raises', 'Yields', 'Examples', 'Example', 'Attributes')
def parse(text):
    d = D()
    if not text: return d
    text = inspect.cleandoc(text)
    m = re.search(r'^(' + '|'.join(TITLES) + r'):\s*$', text, re.M)
    desc = text[:m.start()] if m else text
    parts = desc.split('\n', 1)
    d.short_description = parts[0] or None
    if len(parts) > 1: d.long_description = parts[1].strip() or None
    if m:
        sec = re.split(r'^(' + '|'.join(TITLES) + r'):\s*$', text[m.start():], flags=re.M)
        for i in range(1, len(sec), 2):
            if sec[i] in ('Args', 'Arguments', 'Parameters'):
                cur = None
                for line in inspect.cleandoc(sec[i+1]).split('\n'):
                    mm = re.match(r'^(\w+)(\s*\([^)]*\))?:\s*(.*)$', line)
                    if mm and not line.startswith(' '):
                        cur = P(mm.group(1), mm.group(3)); d.params.append(cur)
                    elif cur is not None:
                        cur.description = (cur.description + '\n' + line.strip()).strip()
    return d
