"""Runs tool-call cases through upstream tau2 (the pinned commit's Python) and prints what each call returned and
the databases after, as JSON: the goldens the TypeScript port is checked against (parity.test.ts).

    PYTHONPATH=<stubs>:<tau2-bench>/src python3 run_upstream.py <data/tau2 dir> < cases.json > goldens.json

cases.json: [{"name", "domain", "task_id" (its initial_state is applied) | null, "calls": [{requestor, name, arguments}]}].
Only the domain code runs (no LLM, no litellm): tau2/__init__.py must not import the runner, and loguru, addict,
docstring_parser, deepdiff, dotenv and toml may be small stand-ins (see README.md, "Parity").
"""
import json
import sys
from pathlib import Path

import tomllib

from tau2.data_model.message import ToolCall
from tau2.data_model.tasks import Task
from tau2.domains.airline.data_model import FlightDB
from tau2.domains.airline.tools import AirlineTools
from tau2.domains.retail.data_model import RetailDB
from tau2.domains.retail.tools import RetailTools
from tau2.domains.telecom.data_model import TelecomDB
from tau2.domains.telecom.environment import TelecomEnvironment
from tau2.domains.telecom.tools import TelecomTools
from tau2.domains.telecom.user_data_model import TelecomUserDB
from tau2.domains.telecom.user_tools import TelecomUserTools
from tau2.environment.environment import Environment


def environment(data: Path, domain: str):
    d = data / "domains" / domain
    if domain == "airline":
        return Environment("airline", "", AirlineTools(FlightDB.model_validate(json.loads((d / "db.json").read_text()))))
    if domain == "retail":
        return Environment("retail", "", RetailTools(RetailDB.model_validate(json.loads((d / "db.json").read_text()))))
    db = TelecomDB.model_validate(tomllib.loads((d / "db.toml").read_text()))
    user = TelecomUserDB.model_validate(tomllib.loads((d / "user_db.toml").read_text()))
    return TelecomEnvironment("telecom", "", TelecomTools(db), TelecomUserTools(user))


def dump(model):
    return json.loads(json.dumps(model.model_dump(), default=str)) if model is not None else None


def main():
    data = Path(sys.argv[1])
    cases = json.load(sys.stdin)
    tasks = {}
    out = []
    for case in cases:
        env = environment(data, case["domain"])
        task = None
        if case.get("task_id") is not None:
            key = case["domain"]
            if key not in tasks:
                tasks[key] = {t["id"]: t for t in json.loads((data / "domains" / key / "tasks.json").read_text())}
            task = Task.model_validate(tasks[key][case["task_id"]])
            s = task.initial_state
            env.set_state(s.initialization_data if s else None, s.initialization_actions if s else None, [])
        results = []
        for i, c in enumerate(case["calls"]):
            msg = env.get_response(ToolCall(id=f"c{i}", name=c["name"], arguments=c["arguments"], requestor=c.get("requestor", "assistant")))
            results.append({"content": msg.content, "error": msg.error})
        assertions = []
        if task is not None and task.evaluation_criteria and task.evaluation_criteria.env_assertions:
            for a in task.evaluation_criteria.env_assertions:
                try:
                    assertions.append(env.run_env_assertion(a, raise_assertion_error=False))
                except Exception as e:  # an assertion function that raises counts as not met
                    assertions.append(f"error: {e}")
        db = dump(env.tools.db)
        if case["domain"] == "retail":
            db.pop("products")  # no retail tool changes the catalogue; it is most of the file
        out.append({"name": case["name"], "results": results, "db": db, "user_db": dump(env.user_tools.db if env.user_tools else None), "assertions": assertions})
    json.dump(out, sys.stdout, indent=1, ensure_ascii=False)


main()
