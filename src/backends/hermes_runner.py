"""Runs one task through Hermes Agent (NousResearch/hermes-agent) and writes one JSON result.

jarvis-evals' bridge, written for OpenJarvis's runner contract (same arguments, same output schema), standard
library only, run by the Python of the Hermes environment (HERMES_AGENT_PYTHON):

    python hermes_runner.py --task-file <path> --model <m> --base-url <url> --api-key <k>
        --api-mode chat_completions --max-iterations 90 --output-json <path>
        [--workspace <dir>] [--system-prompt-file <path>] [--temperature T] [--max-tokens N]

Additions to OpenJarvis's: --task-file / --system-prompt-file (one argv element is capped at 128 KiB on Linux),
and temperature / max_tokens, forwarded only where this Hermes's AIAgent takes them ("forwarded" in the output
says which were). Output: {content, usage{prompt_tokens, completion_tokens, total_tokens}, trajectory, tool_calls,
turn_count, error, forwarded}. Exit codes as OpenJarvis's: 2 HERMES_AGENT_PATH not set, 3 run_agent not importable,
0 otherwise (a Hermes failure is the "error" field).
"""

import argparse
import inspect
import json
import os
import sys
import traceback


def read_text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def as_int(v):
    return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else None


def pair(d, a, b):
    if isinstance(d, dict) and (as_int(d.get(a)) is not None or as_int(d.get(b)) is not None):
        return as_int(d.get(a)) or 0, as_int(d.get(b)) or 0
    return None


def tokens_of(result, messages, agent):
    """OpenJarvis's order: top-level counts, input/output names, a usage dict, per-message usage, the agent's totals."""
    for found in (pair(result, "prompt_tokens", "completion_tokens"), pair(result, "input_tokens", "output_tokens")):
        if found:
            return found
    usage = result.get("usage")
    found = pair(usage, "prompt_tokens", "completion_tokens") or pair(usage, "input_tokens", "output_tokens")
    if found:
        return found
    per = [pair(m.get("usage"), "prompt_tokens", "completion_tokens") for m in messages if isinstance(m, dict)]
    per = [p for p in per if p]
    if per:
        return sum(p[0] for p in per), sum(p[1] for p in per)
    for a, b in (("session_prompt_tokens", "session_completion_tokens"), ("session_input_tokens", "session_output_tokens")):
        if as_int(getattr(agent, a, None)) is not None:
            return as_int(getattr(agent, a)) or 0, as_int(getattr(agent, b, 0)) or 0
    return 0, 0


def generation_kwargs(cls, temperature, max_tokens):
    """temperature / max_tokens for AIAgent(...), only where its signature takes them."""
    try:
        params = inspect.signature(cls.__init__).parameters
    except (TypeError, ValueError):
        return {}, {"temperature": False, "max_tokens": False}
    kw, forwarded = {}, {"temperature": False, "max_tokens": False}
    if max_tokens is not None and "max_tokens" in params:
        kw["max_tokens"] = max_tokens
        forwarded["max_tokens"] = True
    if temperature is not None:
        if "temperature" in params:
            kw["temperature"] = temperature
            forwarded["temperature"] = True
        elif "request_overrides" in params:
            kw["request_overrides"] = {"temperature": temperature}
            forwarded["temperature"] = True
    return kw, forwarded


def main():
    p = argparse.ArgumentParser()
    task = p.add_mutually_exclusive_group(required=True)
    task.add_argument("--task")
    task.add_argument("--task-file")
    p.add_argument("--model", required=True)
    p.add_argument("--base-url", required=True)
    p.add_argument("--api-key", required=True)
    p.add_argument("--api-mode", default="chat_completions")
    p.add_argument("--output-json", required=True)
    p.add_argument("--workspace", default="")
    p.add_argument("--max-iterations", type=int, default=90)
    p.add_argument("--system-prompt", default="")
    p.add_argument("--system-prompt-file", default="")
    p.add_argument("--temperature", type=float, default=None)
    p.add_argument("--max-tokens", type=int, default=None)
    args = p.parse_args()

    out = {"content": "", "usage": {}, "trajectory": [], "tool_calls": 0, "turn_count": 0, "error": None, "forwarded": {}}

    def write(code):
        with open(args.output_json, "w", encoding="utf-8") as f:
            json.dump(out, f, default=str)
        return code

    path = os.environ.get("HERMES_AGENT_PATH")
    if not path:
        out["error"] = "HERMES_AGENT_PATH not set"
        return write(2)
    prompt = read_text(args.task_file) if args.task_file else args.task
    system = read_text(args.system_prompt_file) if args.system_prompt_file else args.system_prompt
    sys.path.insert(0, path)
    if args.workspace:
        os.chdir(args.workspace)
    try:
        from run_agent import AIAgent  # noqa: the Hermes checkout on HERMES_AGENT_PATH
    except ImportError as e:
        out["error"] = "hermes_import_failed: %s" % e
        return write(3)

    try:
        extra, out["forwarded"] = generation_kwargs(AIAgent, args.temperature, args.max_tokens)
        agent = AIAgent(
            base_url=args.base_url,
            api_key=args.api_key,
            model=args.model,
            api_mode=args.api_mode,
            max_iterations=args.max_iterations,
            quiet_mode=True,
            save_trajectories=True,
            platform="openjarvis-eval",
            **extra
        )
        result = agent.run_conversation(prompt, system_message=system) if system else agent.run_conversation(prompt)
        if not isinstance(result, dict):
            out["error"] = "hermes_returned_non_dict: %s" % type(result).__name__
            return write(0)
        if "final_response" not in result:
            out["error"] = "hermes_returned_unexpected_shape: keys %s" % sorted(result)[:10]
            return write(0)
        messages = [m for m in (result.get("messages") or []) if isinstance(m, dict)]
        prompt_tokens, completion_tokens = tokens_of(result, messages, agent)
        out.update(
            content=result.get("final_response") or "",
            usage={"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens, "total_tokens": prompt_tokens + completion_tokens},
            trajectory=messages,
            tool_calls=sum(len(m.get("tool_calls") or []) for m in messages),
            turn_count=sum(1 for m in messages if m.get("role") == "assistant"),
        )
    except Exception as e:  # a Hermes failure is a result, not a crash of the runner
        out["error"] = "hermes_runtime_error: %s" % e
        out["trajectory"] = [{"traceback": traceback.format_exc()}]
    return write(0)


if __name__ == "__main__":
    sys.exit(main())
