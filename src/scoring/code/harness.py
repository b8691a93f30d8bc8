# Test harness for model-written Python: a supervisor that runs each test of one sample in a child process
# and reports on a channel the model's code never holds. The sandbox around it (src/sandbox) is the security
# boundary; this file keeps the tests apart, times them, and decides what each test did. It never sees an
# expected output of a stdin or functional test: Node compares those (run-code-tests.ts).
#
# Why a supervisor: when the model's code ran in this process it could print this harness's protocol, write
# to its report descriptor or just os._exit(0) after forging "passed" lines. Now:
#   - reports go to fd 3, the sandbox's result channel (runSandboxed resultChannel); children close it before
#     any model code runs, and this process is not dumpable, so /proc/<pid>/fd/3 and ptrace are refused;
#   - every test runs in a child of its own and only counts for that test: what the child sends back (its exit
#     status, its output file, a value) can say no more than the program itself could by returning or printing;
#   - assert tests are decided here: the child (a fresh interpreter, not a fork, so the asserts are not in its
#     memory, and tests.json is deleted before it starts) evaluates the asserted expressions that are not
#     literals and sends the values back; this process compares them with the literals.
#   - pytest-style test functions (testfns) can only run in the program's process: their verdict is the child's
#     (a program written against this harness can pass its own tests there; it still cannot touch other tests).
#
# Reads tests.json {mode: stdin|functional|asserts|testfns, timeout_s, caps, fn_name?, inputs?, tests?,
# test_code?} and solution.py. Writes JSON lines to fd 3:
#   start -> (compile_error | bad_tests | ready) -> (load_error | missing_entry_point | test*) -> done
# Nothing the model's code does can happen before "ready", so only events before it may end in "unscored".
import ast, builtins, io, json, operator, os, select, signal, sys, threading, time, traceback

BASE = os.getcwd()
RESULT_FD = 3
MAX_REPLY = 16 << 20  # bytes a child may send back (a value to compare); more is an error

# LiveCodeBench prepends these imports to every solution (lcb_runner/evaluation/testing_util.py).
LCB_PRELUDE = """from string import *
from re import *
from datetime import *
from collections import *
from heapq import *
from bisect import *
from copy import *
from math import *
from random import *
from statistics import *
from itertools import *
from functools import *
from operator import *
from io import *
from sys import *
from json import *
from builtins import *
from typing import *
import string
import re
import datetime
import collections
import heapq
import bisect
import copy
import math
import random
import statistics
import itertools
import functools
import operator
import io
import sys
import json
sys.setrecursionlimit(50000)
"""


def short(exc):
    return ''.join(traceback.format_exception_only(type(exc), exc)).strip()[-800:]


def set_dumpable(on):
    import ctypes
    if ctypes.CDLL(None, use_errno=True).prctl(4, 1 if on else 0, 0, 0, 0) != 0:  # PR_SET_DUMPABLE
        raise OSError(ctypes.get_errno(), 'prctl(PR_SET_DUMPABLE)')


# ---------------------------------------------------------------- values crossing from a child to here

def encode(v, depth=0):
    """Plain data only, by value: nothing of the child's objects (no __eq__, no __repr__) reaches this process."""
    if depth > 200:
        raise ValueError('value nested too deep to compare')
    if v is None:
        return ['N']
    if isinstance(v, bool):
        return ['b', bool(v)]
    if isinstance(v, int):
        return ['i', hex(int(v))]
    if isinstance(v, float):
        return ['f', float(v).hex()]
    if isinstance(v, complex):
        return ['c', [complex(v).real.hex(), complex(v).imag.hex()]]
    if isinstance(v, str):
        return ['s', str.__str__(v)]
    if isinstance(v, (bytes, bytearray)):
        return ['y', bytes(v).hex()]
    d = depth + 1
    if isinstance(v, list):
        return ['l', [encode(x, d) for x in list.__iter__(v)]]
    if isinstance(v, tuple):
        return ['t', [encode(x, d) for x in tuple.__iter__(v)]]
    if isinstance(v, dict):
        return ['d', [[encode(k, d), encode(x, d)] for k, x in dict.items(v)]]
    if isinstance(v, frozenset):
        return ['F', [encode(x, d) for x in frozenset.__iter__(v)]]
    if isinstance(v, set):
        return ['S', [encode(x, d) for x in set.__iter__(v)]]
    raise TypeError('a %s cannot be compared outside the program' % type(v).__name__)


def decode(e):
    t = e[0]
    if t == 'N':
        return None
    if t == 'b':
        return bool(e[1])
    if t == 'i':
        return int(e[1], 16)
    if t == 'f':
        return float.fromhex(e[1])
    if t == 'c':
        return complex(float.fromhex(e[1][0]), float.fromhex(e[1][1]))
    if t == 's':
        return str(e[1])
    if t == 'y':
        return bytes.fromhex(e[1])
    if t == 'l':
        return [decode(x) for x in e[1]]
    if t == 't':
        return tuple(decode(x) for x in e[1])
    if t == 'd':
        return {decode(k): decode(x) for k, x in e[1]}
    if t == 'F':
        return frozenset(decode(x) for x in e[1])
    if t == 'S':
        return {decode(x) for x in e[1]}
    raise ValueError('bad value tag %r' % (t,))


# ---------------------------------------------------------------- the child side

def write_all(fd, data):
    while data:
        data = data[os.write(fd, data):]


def reply(w, **rec):
    write_all(w, (json.dumps(rec, ensure_ascii=False) + '\n').encode('utf-8'))


def enter_child(stdin_path, out_fd, err_fd, w):
    """In a fresh fork: own process group, fds 0/1/2 for the test, every other fd but `w` closed (fd 3 first)."""
    os.setpgid(0, 0)
    signal.setitimer(signal.ITIMER_REAL, 0)
    for s in (signal.SIGALRM, signal.SIGINT, signal.SIGTERM):
        signal.signal(s, signal.SIG_DFL)
    fd_in = os.open(stdin_path or os.devnull, os.O_RDONLY)
    for src, dst in ((fd_in, 0), (out_fd, 1), (err_fd, 2)):
        if src != dst:
            os.dup2(src, dst)
    os.closerange(3, w)
    os.closerange(w + 1, 1 << 16)
    set_dumpable(True)  # an ordinary process again (for /proc/self): the report channel is already gone
    sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, 'r', closefd=False)), encoding='utf-8')
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, 'w', closefd=False)), encoding='utf-8')
    sys.stderr = io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, 'w', closefd=False)), encoding='utf-8', line_buffering=True)


def join_threads():
    # `python solution.py` waits for non-daemon threads (the stack-size trick runs main() in one).
    for t in threading.enumerate():
        if t is not threading.main_thread() and not t.daemon:
            t.join()


def flushed():
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        return True
    except BaseException:
        return False


def child_stdin(code, prelude, w):
    g = {'__name__': '__main__', '__builtins__': builtins}
    status, error = 'ok', None
    try:
        exec(prelude, g)
        exec(code, g)
        join_threads()
    except SystemExit as e:
        if e.code not in (None, 0):
            status, error = 'error', 'SystemExit(%r)' % (e.code,)
    except BaseException as e:
        traceback.print_exc()
        status, error = 'error', short(e)
    if not flushed() and status == 'ok':
        status = 'output_limit'
    reply(w, status=status, error=error)


def child_functional(code, src, prelude, fn, args, cap, w):
    ns = {'__name__': 'tmp_sol', '__builtins__': builtins}
    try:
        exec(prelude, ns)
        exec(code, ns)
    except BaseException as e:
        return reply(w, status='load_error', error=short(e))
    # LiveCodeBench: "class Solution" in the code means LeetCode style, Solution().<fn>(*args).
    is_class = 'class Solution' in src
    holder = ns.get('Solution') if is_class else ns
    target = getattr(holder, fn, None) if is_class else ns.get(fn)
    if not callable(target):
        return reply(w, status='missing_entry_point', error='no %s' % ('Solution.' + fn if is_class else fn))
    reply(w, loaded=True)
    value = None
    try:
        f = getattr(ns['Solution'](), fn) if is_class else ns[fn]
        value = f(*json.loads(args))
    except SystemExit as e:
        if e.code not in (None, 0):
            return reply(w, status='error', error='SystemExit(%r)' % (e.code,))
    except BaseException as e:
        return reply(w, status='error', error=short(e))
    try:
        text = json.dumps(list(value) if isinstance(value, tuple) else value)
    except (TypeError, ValueError) as e:
        return reply(w, status='unserializable', error=short(e))
    reply(w, status='ok', out=text[:cap], truncated=len(text) > cap)


def child_asserts(job):
    """A fresh interpreter: `python3 -I harness.py --assert-child JOB`. Loads the solution, evaluates `exprs`."""
    w = job['w']
    ns = {'__name__': '__main__', '__builtins__': builtins}
    try:
        with open(os.path.join(BASE, 'solution.py'), encoding='utf-8', errors='replace') as f:
            exec(compile(f.read(), 'solution.py', 'exec'), ns)
    except BaseException as e:
        return reply(w, status='load_error', error=short(e))
    fn = job.get('fn')
    if fn and not callable(ns.get(fn)):
        return reply(w, status='missing_entry_point', error='no function %s' % fn)
    reply(w, loaded=True)
    values = []
    try:
        for src in job['exprs']:
            values.append(encode(eval(compile(src, 'test_%d' % job['i'], 'eval'), ns)))
    except BaseException as e:
        return reply(w, status='error', error=short(e))
    data = json.dumps(values)
    if len(data) > MAX_REPLY:
        return reply(w, status='error', error='the value is too large to compare (%d bytes)' % len(data))
    reply(w, status='ok', values=values)


def load_solution(code):
    """A fresh `solution` module from the candidate's code; the tests import from it."""
    import types
    m = types.ModuleType('solution')
    m.__file__ = os.path.join(BASE, 'solution.py')
    sys.modules['solution'] = m
    exec(code, m.__dict__)
    return m


def child_testfns(code, preamble, name, fn_code, w):
    try:
        load_solution(code)
    except BaseException as e:
        return reply(w, status='load_error', error=short(e))
    reply(w, loaded=True)
    ns = {'__name__': 'test_solution', '__builtins__': builtins}
    try:
        exec(preamble, ns)
        exec(fn_code, ns)
        ns[name]()
    except SystemExit as e:
        if e.code not in (None, 0):
            return reply(w, status='error', error='SystemExit(%r)' % (e.code,))
    except AssertionError as e:
        return reply(w, status='failed', error=short(e))
    except BaseException as e:
        return reply(w, status='error', error=short(e))
    reply(w, status='ok', error=None)


# ---------------------------------------------------------------- the supervisor side

def fresh_file(tag):
    """An unlinked file of this process's own: the child writes through its fd, no path reaches it."""
    path = os.path.join(BASE, '.%s-%d-%d' % (tag, os.getpid(), time.monotonic_ns()))
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
    os.unlink(path)
    return fd


def read_fd(fd, limit):
    os.lseek(fd, 0, os.SEEK_SET)
    chunks, size = [], 0
    while size < limit:
        b = os.read(fd, min(1 << 16, limit - size))
        if not b:
            break
        chunks.append(b)
        size += len(b)
    return b''.join(chunks)


def how_it_ended(status):
    if os.WIFSIGNALED(status):
        try:
            return 'signal %s' % signal.Signals(os.WTERMSIG(status)).name
        except ValueError:
            return 'signal %d' % os.WTERMSIG(status)
    return 'exit %d' % os.WEXITSTATUS(status)


class Child:
    """One test's child: started by `start(w)` in a fork; watched until it ends or its time is up."""

    def __init__(self, start, stdin_path=None):
        self.out_fd = fresh_file('out')
        self.err_fd = fresh_file('err')
        r, w = os.pipe()
        t0 = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(r)
                enter_child(stdin_path, self.out_fd, self.err_fd, w)
                start(w)
            except BaseException:
                pass
            finally:
                os._exit(0)
        os.close(w)
        self.pid, self.r, self.t0 = pid, r, t0

    def watch(self, timeout_s):
        """(records, loaded, timed_out, wait_status); the per-test time restarts once the code has loaded."""
        buf, loaded, status, eof = b'', False, None, False
        deadline = time.monotonic() + timeout_s
        while status is None:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            if not eof:
                ready, _, _ = select.select([self.r], [], [], min(left, 0.05))
                if ready:
                    chunk = os.read(self.r, 1 << 16)
                    if not chunk:
                        eof = True
                    else:
                        buf += chunk
                        if len(buf) > MAX_REPLY:
                            break
                        if not loaded and b'"loaded": true' in buf:
                            loaded = True
                            deadline = time.monotonic() + timeout_s
            else:
                time.sleep(0.002)
            pid, st = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                status = st
        timed_out = status is None
        try:
            os.killpg(self.pid, signal.SIGKILL)  # whatever it started in its group
        except OSError:
            pass
        if timed_out:
            os.waitpid(self.pid, 0)
        else:
            while True:  # what it wrote just before exiting
                ready, _, _ = select.select([self.r], [], [], 0)
                chunk = os.read(self.r, 1 << 16) if ready else b''
                if not chunk or len(buf) > MAX_REPLY:
                    break
                buf += chunk
        os.close(self.r)
        self.ms = round((time.perf_counter() - self.t0) * 1000, 2)
        records = []
        for line in buf.decode('utf-8', 'replace').split('\n'):
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if isinstance(rec, dict):
                records.append(rec)
        return records, loaded, timed_out, status

    def output(self, cap):
        data = read_fd(self.out_fd, cap + 1)
        return data[:cap].decode('utf-8', 'replace'), len(data) > cap

    def stderr_tail(self):
        return read_fd(self.err_fd, 4000).decode('utf-8', 'replace').strip()[-800:] or None

    def close(self):
        os.close(self.out_fd)
        os.close(self.err_fd)


def final(records):
    """The child's last word about the test (a status), or None when it died without one."""
    for rec in reversed(records):
        if isinstance(rec.get('status'), str):
            return rec
    return None


def ended_early(emit, i, status):
    emit(event='test', i=i, status='error', error='the process ended early (%s)' % how_it_ended(status))


def run_stdin(emit, cfg, code, prelude):
    for i, cap in enumerate(cfg['caps']):
        child = Child(lambda w: child_stdin(code, prelude, w), os.path.join(BASE, 'in', '%d.txt' % i))
        records, _, timed_out, status = child.watch(cfg['timeout_s'])
        rec = final(records)
        out, truncated = child.output(cap)
        tail = child.stderr_tail()
        child.close()
        if timed_out:
            emit(event='test', i=i, status='timeout', error=None, out=out, truncated=truncated, ms=child.ms)
            return
        if rec is None:
            return ended_early(emit, i, status)
        st = rec['status'] if rec['status'] in ('ok', 'error', 'output_limit') else 'error'
        error = (tail or rec.get('error')) if st == 'error' else rec.get('error')
        emit(event='test', i=i, status=st, error=error, out=out, truncated=truncated, ms=child.ms)


def run_functional(emit, cfg, code, src, prelude, args_list):
    for i, args in enumerate(args_list):
        cap = cfg['caps'][i]
        child = Child(lambda w: child_functional(code, src, prelude, cfg['fn_name'], args, cap, w))
        records, loaded, timed_out, status = child.watch(cfg['timeout_s'])
        child.close()
        rec = final(records)
        if timed_out and not loaded:
            return emit(event='load_error', status='timeout', error=None)
        if timed_out:
            emit(event='test', i=i, status='timeout', error=None, out='', truncated=False, ms=child.ms)
            return
        if rec is None:
            return ended_early(emit, i, status)
        if rec['status'] in ('load_error', 'missing_entry_point'):
            return emit(event=rec['status'], status=rec['status'], error=rec.get('error'))
        st = rec['status'] if rec['status'] in ('ok', 'error', 'unserializable') else 'error'
        out = rec.get('out') if isinstance(rec.get('out'), str) else ''
        emit(event='test', i=i, status=st, error=rec.get('error'), out=out, truncated=rec.get('truncated') is True, ms=child.ms)


def split_test_module(test_code, names):
    """testfns: the test file's top-level statements that are not tests (imports, helpers) and each named test."""
    tree = ast.parse(test_code, 'test_solution.py')
    tests, preamble = {}, []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith('test_'):
            tests[node.name] = node
        else:
            preamble.append(node)
    if sorted(tests) != sorted(names):
        raise ValueError('test functions %s do not match the expected %s' % (sorted(tests), sorted(names)))
    mod = lambda body: compile(ast.Module(body=body, type_ignores=[]), 'test_solution.py', 'exec')
    return mod(preamble), [(n, mod([tests[n]])) for n in names]


def run_testfns(emit, cfg, code, prepared):
    # The tests are CALLED, each against a freshly loaded module in a child of its own (OpenJarvis only defined
    # them, so any importable code passed). A module that cannot even be imported is a load error.
    preamble, tests = prepared
    for i, (name, fn_code) in enumerate(tests):
        child = Child(lambda w: child_testfns(code, preamble, name, fn_code, w))
        records, loaded, timed_out, status = child.watch(cfg['timeout_s'])
        child.close()
        rec = final(records)
        if timed_out and not loaded:
            return emit(event='load_error', status='timeout', error=None)
        if timed_out:
            emit(event='test', i=i, name=name, status='timeout', error=None, ms=child.ms)
            return
        if rec is None:
            return ended_early(emit, i, status)
        if rec['status'] == 'load_error':
            return emit(event='load_error', status='error', error=rec.get('error'))
        st = rec['status'] if rec['status'] in ('ok', 'failed', 'error') else 'error'
        emit(event='test', i=i, name=name, status=st, error=rec.get('error'), ms=child.ms)


OPS = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
    ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}


def plan_assert(i, text):
    """'assert A == 3' → the operands ([('eval', 'A'), ('lit', 3)]) and the comparison ops; literals stay here."""
    tree = ast.parse(text, 'test_%d' % i, 'exec')
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Assert):
        raise ValueError('test %d is not a single assert statement: %s' % (i, text[:200]))
    test = tree.body[0].test
    nodes, ops = ([test.left] + list(test.comparators), list(test.ops)) if isinstance(test, ast.Compare) else ([test], [])
    operands = []
    for node in nodes:
        src = ast.get_source_segment(text, node)
        try:
            operands.append(('lit', ast.literal_eval(node)))
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            operands.append(('eval', src))
    if any(type(op) not in OPS for op in ops):
        raise ValueError('test %d uses an unsupported comparison' % i)
    return operands, ops


def verdict(operands, ops, values):
    it = iter(values)
    xs = [v if kind == 'lit' else decode(next(it)) for kind, v in operands]
    if not ops:
        return bool(xs[0])
    return all(OPS[type(op)](a, b) for op, a, b in zip(ops, xs, xs[1:]))


def run_asserts(emit, cfg, plans):
    for i, (operands, ops) in enumerate(plans):
        job = json.dumps({'i': i, 'fn': cfg.get('fn_name'), 'exprs': [v for kind, v in operands if kind == 'eval']})

        def start(w, job=job):
            os.set_inheritable(w, True)  # pipes are close-on-exec by default
            os.execv(sys.executable, [sys.executable, '-I', os.path.join(BASE, 'harness.py'), '--assert-child', job, str(w)])

        child = Child(start)
        records, loaded, timed_out, status = child.watch(cfg['timeout_s'])
        child.close()
        rec = final(records)
        if timed_out and not loaded:
            return emit(event='load_error', status='timeout', error=None)
        if timed_out:
            emit(event='test', i=i, status='timeout', error=None, ms=child.ms)
            return
        if rec is None:
            return ended_early(emit, i, status)
        if rec['status'] in ('load_error', 'missing_entry_point'):
            return emit(event=rec['status'], status=rec['status'], error=rec.get('error'))
        st, error = rec['status'], rec.get('error')
        if st == 'ok':
            try:
                values = rec.get('values')
                if not isinstance(values, list) or len(values) != sum(1 for kind, _ in operands if kind == 'eval'):
                    raise ValueError('the program sent back no values for this test')
                st, error = ('ok', None) if verdict(operands, ops, values) else ('failed', 'AssertionError')
            except Exception as e:
                st, error = 'error', short(e)
        elif st not in ('error',):
            st, error = 'error', error or 'the program sent back an unknown status'
        emit(event='test', i=i, status=st, error=error, ms=child.ms)


def main(report):
    def emit(**event):
        report.write(json.dumps(event, ensure_ascii=False) + '\n')
        report.flush()

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a too-large write fails with EFBIG instead of killing (children inherit it)
    set_dumpable(False)
    emit(event='start')
    cfg_path = os.path.join(BASE, 'tests.json')
    with open(cfg_path, encoding='utf-8') as f:
        cfg = json.load(f)
    os.unlink(cfg_path)  # the tests are this process's only: not on disk, not in an assert child's memory
    with open(os.path.join(BASE, 'solution.py'), encoding='utf-8', errors='replace') as f:
        src = f.read()
    try:
        code = compile(src, 'solution.py', 'exec')
    except (SyntaxError, ValueError, MemoryError, RecursionError) as e:
        return emit(event='compile_error', error=short(e))
    mode = cfg['mode']
    try:
        if mode == 'functional':
            # LiveCodeBench: one JSON value per input line.
            prepared = [json.dumps([json.loads(line) for line in inp.split('\n')]) for inp in cfg['inputs']]
        elif mode == 'asserts':
            prepared = [plan_assert(i, t) for i, t in enumerate(cfg['tests'])]
        elif mode == 'testfns':
            prepared = split_test_module(cfg['test_code'], cfg['tests'])
        else:
            prepared = None
        prelude = compile(LCB_PRELUDE if cfg.get('prelude') else '', '<prelude>', 'exec')
        if cfg.get('prelude'):
            exec(compile(LCB_PRELUDE, '<prelude>', 'exec'), {'__builtins__': builtins})  # stdlib only: forks start warm
    except Exception as e:
        return emit(event='bad_tests', error=short(e))
    emit(event='ready')
    if mode == 'stdin':
        run_stdin(emit, cfg, code, prelude)
    elif mode == 'functional':
        run_functional(emit, cfg, code, src, prelude, prepared)
    elif mode == 'testfns':
        run_testfns(emit, cfg, code, prepared)
    else:
        run_asserts(emit, cfg, prepared)
    emit(event='done')


if __name__ == '__main__':
    if sys.argv[1:2] == ['--assert-child']:
        try:
            job = json.loads(sys.argv[2])
            job['w'] = int(sys.argv[3])
            child_asserts(job)
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(0)
    try:
        os.fstat(RESULT_FD)
    except OSError:
        sys.stderr.write('harness.py: no result channel on fd 3 (run it through runSandboxed with resultChannel)\n')
        os._exit(71)
    os.set_inheritable(RESULT_FD, False)
    report = os.fdopen(RESULT_FD, 'w', encoding='utf-8')
    try:
        main(report)
    except BaseException:  # the harness itself broke
        try:
            report.write(json.dumps({'event': 'harness_error', 'error': traceback.format_exc()[-1500:]}) + '\n')
            report.flush()
        except BaseException:
            pass
        os._exit(70)
