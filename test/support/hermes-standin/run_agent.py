"""A stand-in of Hermes Agent's `run_agent.AIAgent` for the hermes backend's tests (Hermes itself cannot be installed
here: Python >= 3.11 packages from PyPI). Same constructor keywords and `run_conversation(task, system_message=None)`
result keys as the real one ({final_response, messages}); it calls POST <base_url>/chat/completions (not streamed,
Bearer <api_key>) with the standard library, and records what it was given in ./hermes-standin-record.json.
Directives in the task: HERMES_STANDIN:tool (a tool step and a second call), :raise, :non_dict, :no_final,
:no_usage (usage only in the agent's session counters), :hang.
"""

import hashlib
import json
import os
import time
import urllib.error
import urllib.request


class AIAgent:
    def __init__(self, base_url=None, api_key=None, model="", api_mode=None, max_iterations=90, quiet_mode=False,
                 save_trajectories=False, platform=None, max_tokens=None, request_overrides=None):
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.model = model
        self.init = {"api_mode": api_mode, "max_iterations": max_iterations, "quiet_mode": quiet_mode,
                     "save_trajectories": save_trajectories, "platform": platform, "max_tokens": max_tokens,
                     "request_overrides": request_overrides}
        self.session_prompt_tokens = 0
        self.session_completion_tokens = 0

    def _call(self, messages):
        body = {"model": self.model, "messages": messages}
        if self.init["max_tokens"] is not None:
            body["max_tokens"] = self.init["max_tokens"]
        body.update(self.init["request_overrides"] or {})
        req = urllib.request.Request(self.base_url + "/chat/completions", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json", "authorization": "Bearer " + self.api_key})
        with urllib.request.urlopen(req, timeout=60) as r:
            answer = json.loads(r.read())
        usage = answer.get("usage") or {}
        self.session_prompt_tokens += usage.get("prompt_tokens", 0)
        self.session_completion_tokens += usage.get("completion_tokens", 0)
        return answer["choices"][0]["message"].get("content") or "", usage

    def run_conversation(self, task, system_message=None):
        with open("hermes-standin-record.json", "w") as f:
            json.dump({"init": self.init, "base_url": self.base_url, "api_key": self.api_key, "model": self.model,
                       "system_message": system_message, "task_length": len(task),
                       "task_sha256": hashlib.sha256(task.encode()).hexdigest(), "env": dict(os.environ), "cwd": os.getcwd()}, f)
        if "HERMES_STANDIN:raise" in task:
            raise RuntimeError("stand-in failure")
        if "HERMES_STANDIN:non_dict" in task:
            return "not a dict"
        if "HERMES_STANDIN:hang" in task:
            time.sleep(3600)
        messages = ([{"role": "system", "content": system_message}] if system_message else []) + [{"role": "user", "content": task}]
        content, usage = self._call(messages)
        messages.append({"role": "assistant", "content": content, "usage": usage})
        if "HERMES_STANDIN:tool" in task:
            call = {"id": "call_1", "type": "function", "function": {"name": "terminal", "arguments": json.dumps({"command": "echo 42"})}}
            messages[-1]["tool_calls"] = [call]
            messages.append({"role": "tool", "tool_call_id": "call_1", "content": "42"})
            content, usage = self._call([{k: v for k, v in m.items() if k != "usage"} for m in messages])
            messages.append({"role": "assistant", "content": content, "usage": usage})
        if "HERMES_STANDIN:no_final" in task:
            return {"messages": messages}
        if "HERMES_STANDIN:no_usage" in task:
            for m in messages:
                m.pop("usage", None)
        return {"final_response": content, "messages": messages}
