# Test harness for model-written Python: runs every test of one sample in this one process.
# The sandbox around this process (src/sandbox) is the security boundary; this file keeps the tests apart,
# times them, and reports. It never sees an expected output: Node compares (run-code-tests.ts).
#
# Reads tests.json {mode: stdin|functional|asserts|testfns, timeout_s, caps, fn_name?, inputs?, tests?, test_code?}
# and solution.py. Writes JSON lines to the ORIGINAL stdout (duplicated before any model code runs):
#   start -> (compile_error | bad_tests | ready) -> (load_error | missing_entry_point | test*) -> done
# Nothing the model's code does can happen before "ready", so only events before it may end in "unscored".
import builtins, io, json, os, signal, sys, threading, time, traceback

BASE = os.getcwd()
REPORT = os.fdopen(os.dup(1), 'w', encoding='utf-8')

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


class HarnessTimeout(BaseException):
    """Raised by the per-test timer; a BaseException so `except Exception` in model code cannot swallow it."""


def on_alarm(signum, frame):
    raise HarnessTimeout()


def emit(**event):
    REPORT.write(json.dumps(event, ensure_ascii=False) + '\n')
    REPORT.flush()


def short(exc):
    return ''.join(traceback.format_exception_only(type(exc), exc)).strip()[-800:]


def redirect(stdin_path):
    """Fresh fds 0/1/2 per test: print(), sys.stdout.buffer, os.write(1, ...) and open(0) all behave as in a real process."""
    for fd, path, flags in ((0, stdin_path, os.O_RDONLY), (1, os.path.join(BASE, 'out.txt'), os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
                            (2, os.path.join(BASE, 'err.txt'), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
        new = os.open(path, flags, 0o600)
        if new != fd:  # the code may have closed fd 0 (open(0) closes it when collected): then os.open reuses it
            os.dup2(new, fd)
            os.close(new)
    sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, 'r', closefd=False)), encoding='utf-8')
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, 'w', closefd=False)), encoding='utf-8')
    sys.stderr = io.TextIOWrapper(io.BufferedWriter(io.FileIO(2, 'w', closefd=False)), encoding='utf-8', line_buffering=True)


def guarded(fn, timeout):
    """Run fn under a wall-clock timer; returns (status, error)."""
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, timeout)
            fn()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except HarnessTimeout:
        return 'timeout', None
    except SystemExit as e:
        if e.code in (None, 0):
            return 'ok', None
        return 'error', 'SystemExit(%r)' % (e.code,)
    except BaseException as e:
        return 'error', short(e)
    return 'ok', None


def join_threads():
    # `python solution.py` waits for non-daemon threads (the stack-size trick runs main() in one).
    for t in threading.enumerate():
        if t is not threading.main_thread() and not t.daemon:
            t.join()


def flush_and_read(cap):
    status, error = guarded(lambda: (sys.stdout.flush(), sys.__stdout__.flush()), 0)
    if status != 'ok':
        return 'output_limit', error, '', False
    try:
        with open(os.path.join(BASE, 'out.txt'), 'rb') as f:
            data = f.read(cap + 1)
    except OSError as e:
        return 'error', short(e), '', False
    return 'ok', None, data[:cap].decode('utf-8', 'replace'), len(data) > cap


def stderr_tail():
    try:
        with open(os.path.join(BASE, 'err.txt'), 'rb') as f:
            return f.read(4000).decode('utf-8', 'replace').strip()[-800:] or None
    except OSError:
        return None


def run_stdin(cfg, code, prelude):
    for i in range(len(cfg['caps'])):
        redirect(os.path.join(BASE, 'in', '%d.txt' % i))
        g = {'__name__': '__main__', '__builtins__': builtins}
        t0 = time.perf_counter()
        status, error = guarded(lambda: (exec(prelude, g), exec(code, g), join_threads()), cfg['timeout_s'])
        ms = (time.perf_counter() - t0) * 1000
        fstatus, ferror, out, truncated = flush_and_read(cfg['caps'][i])
        if status == 'ok' and fstatus != 'ok':
            status, error = fstatus, ferror
        if status == 'error':
            error = stderr_tail() or error
        emit(event='test', i=i, status=status, error=error, out=out, truncated=truncated, ms=round(ms, 2))
        if status == 'timeout':
            return


def run_functional(cfg, code, src, prelude, args_list):
    ns = {'__name__': 'tmp_sol', '__builtins__': builtins}
    redirect(os.devnull)
    status, error = guarded(lambda: (exec(prelude, ns), exec(code, ns)), cfg['timeout_s'])
    if status != 'ok':
        return emit(event='load_error', status=status, error=error)
    fn = cfg['fn_name']
    # LiveCodeBench: "class Solution" in the code means LeetCode style, Solution().<fn>(*args).
    is_class = 'class Solution' in src
    holder = ns.get('Solution') if is_class else ns
    target = getattr(holder, fn, None) if is_class else ns.get(fn)
    if not callable(target):
        return emit(event='missing_entry_point', error='no %s' % ('Solution.' + fn if is_class else fn))
    for i, args in enumerate(args_list):
        redirect(os.devnull)
        box = {}

        def call():
            f = getattr(ns['Solution'](), fn) if is_class else ns[fn]
            box['v'] = f(*json.loads(args))

        t0 = time.perf_counter()
        status, error = guarded(call, cfg['timeout_s'])
        ms = (time.perf_counter() - t0) * 1000
        out, truncated = '', False
        if status == 'ok':
            value = box.get('v')
            try:
                text = json.dumps(list(value) if isinstance(value, tuple) else value)
                out, truncated = text[:cfg['caps'][i]], len(text) > cfg['caps'][i]
            except (TypeError, ValueError) as e:
                status, error = 'unserializable', short(e)
        emit(event='test', i=i, status=status, error=error, out=out, truncated=truncated, ms=round(ms, 2))
        if status == 'timeout':
            return


def run_asserts(cfg, code, tests):
    ns = {'__name__': '__main__', '__builtins__': builtins}
    redirect(os.devnull)
    status, error = guarded(lambda: exec(code, ns), cfg['timeout_s'])
    if status != 'ok':
        return emit(event='load_error', status=status, error=error)
    if cfg.get('fn_name') and not callable(ns.get(cfg['fn_name'])):
        return emit(event='missing_entry_point', error='no function %s' % cfg['fn_name'])
    for i, test in enumerate(tests):
        redirect(os.devnull)
        t0 = time.perf_counter()
        status, error = guarded(lambda: exec(test, ns), cfg['timeout_s'])
        if status == 'error' and error.startswith('AssertionError'):
            status = 'failed'
        emit(event='test', i=i, status=status, error=error, ms=round((time.perf_counter() - t0) * 1000, 2))
        if status == 'timeout':
            return


def split_test_module(test_code, names):
    """testfns: the test file's top-level statements that are not tests (imports, helpers) and each named test."""
    import ast
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


def load_solution(code):
    """A fresh `solution` module from the candidate's code; the tests import from it."""
    import types
    m = types.ModuleType('solution')
    m.__file__ = os.path.join(BASE, 'solution.py')
    sys.modules['solution'] = m
    exec(code, m.__dict__)
    return m


def run_testfns(cfg, code, prepared):
    # The tests are CALLED, each against a freshly loaded module (OpenJarvis only defined them, so any importable
    # code passed). A module that cannot even be imported is a load error, as for the other modes.
    preamble, tests = prepared
    redirect(os.devnull)
    status, error = guarded(lambda: load_solution(code), cfg['timeout_s'])
    if status != 'ok':
        return emit(event='load_error', status=status, error=error)
    for i, (name, fn_code) in enumerate(tests):
        redirect(os.devnull)
        ns = {'__name__': 'test_solution', '__builtins__': builtins}

        def call():
            load_solution(code)
            exec(preamble, ns)
            exec(fn_code, ns)
            ns[name]()

        t0 = time.perf_counter()
        status, error = guarded(call, cfg['timeout_s'])
        if status == 'error' and error.startswith('AssertionError'):
            status = 'failed'
        emit(event='test', i=i, name=name, status=status, error=error, ms=round((time.perf_counter() - t0) * 1000, 2))
        if status == 'timeout':
            return


def main():
    signal.signal(signal.SIGALRM, on_alarm)
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a too-large write fails with EFBIG instead of killing us
    emit(event='start')
    with open(os.path.join(BASE, 'tests.json'), encoding='utf-8') as f:
        cfg = json.load(f)
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
            prepared = [compile(t, 'test_%d' % i, 'exec') for i, t in enumerate(cfg['tests'])]
        elif mode == 'testfns':
            prepared = split_test_module(cfg['test_code'], cfg['tests'])
        else:
            prepared = None
        prelude = compile(LCB_PRELUDE if cfg.get('prelude') else '', '<prelude>', 'exec')
    except Exception as e:
        return emit(event='bad_tests', error=short(e))
    emit(event='ready')
    if mode == 'stdin':
        run_stdin(cfg, code, prelude)
    elif mode == 'functional':
        run_functional(cfg, code, src, prelude, prepared)
    elif mode == 'testfns':
        run_testfns(cfg, code, prepared)
    else:
        run_asserts(cfg, code, prepared)
    emit(event='done')


try:
    main()
except BaseException as e:  # the harness itself broke (or the code broke it, e.g. by closing its fds)
    try:
        emit(event='harness_error', error=traceback.format_exc()[-1500:])
    except BaseException:
        pass
    os._exit(70)
