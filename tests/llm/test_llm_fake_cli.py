"""`closed-loop fake-llm` serves a script over real HTTP until it is told to stop."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys

import anthropic
import openai
import pytest


@pytest.mark.slow
def test_fake_llm_command_serves_its_script_then_the_default(tmp_path):
    script = tmp_path / "script.jsonl"
    look = {"text": "", "tool_calls": [{"name": "look", "arguments": {"at": "door"}}]}
    script.write_text(json.dumps({"text": "first scripted"}) + "\n" + json.dumps(look) + "\n")
    record = tmp_path / "requests.jsonl"
    command = [sys.executable, "-m", "flows.cli", "fake-llm", "--port", "0", "--script", str(script)]
    server = subprocess.Popen(
        [*command, "--record", str(record)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        banner = json.loads(server.stdout.readline())
        oai = openai.OpenAI(base_url=banner["openai_base_url"], api_key="sk-cli-test-key-0001", max_retries=0)
        claude = anthropic.Anthropic(base_url=banner["url"], api_key="sk-cli-test-key-0001", max_retries=0)
        user = [{"role": "user", "content": "hi"}]

        first = oai.chat.completions.create(model="m", messages=user)
        with claude.messages.stream(model="claude-sonnet-4-6", max_tokens=50, messages=user) as stream:
            second = stream.get_final_message()
        third = oai.responses.create(model="m", input="hi")
    finally:
        server.send_signal(signal.SIGTERM)
        returncode = server.wait(timeout=10)

    assert banner["scripted"] == 2
    assert first.choices[0].message.content == "first scripted"
    assert second.content[0].input == {"at": "door"}
    assert third.output_text == "OK"
    assert returncode == 0
    recorded = [json.loads(line) for line in record.read_text().splitlines()]
    assert [r["path"] for r in recorded] == ["/v1/chat/completions", "/v1/messages", "/v1/responses"]
    assert "sk-cli-test-key-0001" not in record.read_text()


@pytest.mark.slow
def test_fake_llm_command_refuses_a_busy_port_in_one_line():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "flows.cli", "fake-llm", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr.strip().startswith(f"closed-loop: error: cannot listen on 127.0.0.1:{port}")
    assert "Traceback" not in done.stderr
