#!/usr/bin/env python3
"""Records the replies of the Papago-compatible test server, one file per case, as the reply
fuzz target reads them (Fuzz/FuzzTargets/PapagoReplyTarget.swift):

    STATUS
    Name: value          (Content-Type and Retry-After, when the reply has them)

    BODY

Each reply is what the server sends for a real request (both dialects, translation and
detection, every failure kind it can be told to produce), in the shapes the real service uses.

Usage: Fixtures/papago-replies/record.py   (writes the *.http files next to this script)
"""
import json
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
SERVER = HERE.parents[1] / "Tests" / "PapagoServer" / "papago_server.py"
CLIENT_ID, CLIENT_SECRET = "recording-id", "recording-secret"

PATHS = {
    ("ncp", "translate"): "/nmt/v1/translation",
    ("ncp", "detect"): "/langs/v1/dect",
    ("naver", "translate"): "/v1/papago/n2mt",
    ("naver", "detect"): "/v1/papago/detectLangs",
}
HEADERS = {
    "ncp": ("X-NCP-APIGW-API-KEY-ID", "X-NCP-APIGW-API-KEY"),
    "naver": ("X-Naver-Client-Id", "X-Naver-Client-Secret"),
}
KORAN = "안녕하세요\n메뉴판을 보여 주세요"

# name, dialect, operation, form fields, failure rule queued before the request (or None)
CASES = [
    ("ncp-translation", "ncp", "translate", {"source": "ko", "target": "en", "text": KORAN}, None),
    ("ncp-translation-auto", "ncp", "translate", {"source": "auto", "target": "ko", "text": "Where is the station?"}, None),
    ("naver-translation", "naver", "translate", {"source": "ja", "target": "ko", "text": "駅はどこですか"}, None),
    ("ncp-detection", "ncp", "detect", {"query": "Où est la gare ?"}, None),
    ("naver-detection", "naver", "detect", {"query": "Где вокзал?"}, None),
    ("ncp-source-missing", "ncp", "translate", {"target": "en", "text": "x"}, None),
    ("ncp-source-unsupported", "ncp", "translate", {"source": "xx", "target": "en", "text": "x"}, None),
    ("naver-target-unsupported", "naver", "translate", {"source": "ko", "target": "pt", "text": "안녕"}, None),
    ("ncp-same-language", "ncp", "translate", {"source": "en", "target": "en", "text": "hello"}, None),
    ("naver-pair-unsupported", "naver", "translate", {"source": "vi", "target": "th", "text": "xin chào"}, None),
    ("ncp-text-missing", "ncp", "translate", {"source": "ko", "target": "en", "text": ""}, None),
    ("ncp-text-too-long", "ncp", "translate", {"source": "en", "target": "ko", "text": "a" * 5001}, None),
    ("ncp-detection-query-missing", "ncp", "detect", {}, None),
    ("ncp-wrong-secret", "ncp", "translate", {"source": "ko", "target": "en", "text": "안녕"}, None),
    ("naver-wrong-secret", "naver", "detect", {"query": "안녕"}, None),
]
for kind, retry_after in [("quota", None), ("throttle", "7"), ("rate-limit", "Wed, 21 Oct 2037 07:28:00 GMT"),
                          ("too-large", None), ("endpoint-error", None), ("endpoint-timeout", None),
                          ("internal", None), ("auth", None), ("malformed", None), ("empty", None),
                          ("merge-lines", None)]:
    for dialect in ("ncp", "naver"):
        rule = {"kind": kind, "path": "translate"}
        if retry_after:
            rule["retryAfter"] = retry_after
        CASES.append((f"{dialect}-{kind}", dialect, "translate", {"source": "ko", "target": "en", "text": KORAN}, rule))
CASES.append(("ncp-gateway-html", "ncp", "translate", {"source": "ko", "target": "en", "text": "안녕"},
              {"kind": "raw", "status": 502, "contentType": "text/html",
               "body": "<html><body><h1>502 Bad Gateway</h1></body></html>"}))
CASES.append(("naver-numeric-code", "naver", "translate", {"source": "ko", "target": "en", "text": "안녕"},
              {"kind": "raw", "status": 429, "body": '{"errorCode":410,"errorMessage":"slow down"}'}))


def post(port, path, body, headers):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, reply.headers, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def main():
    server = subprocess.Popen([sys.executable, str(SERVER), "--port", "0", "--client-id", CLIENT_ID,
                               "--client-secret", CLIENT_SECRET, "--exit-on-stdin-eof"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port = int(server.stdout.readline().split()[1])
        for name, dialect, operation, fields, rule in CASES:
            if rule:
                post(port, "/_control/fail", json.dumps(rule).encode(), {"Content-Type": "application/json"})
            id_header, secret_header = HEADERS[dialect]
            secret = "not-the-secret" if name.endswith("wrong-secret") else CLIENT_SECRET
            headers = {id_header: CLIENT_ID, secret_header: secret,
                       "Content-Type": "application/x-www-form-urlencoded; charset=UTF-8"}
            status, reply_headers, body = post(port, PATHS[(dialect, operation)], urllib.parse.urlencode(fields).encode(), headers)
            head = [str(status)] + [f"{field}: {reply_headers[field]}" for field in ("Content-Type", "Retry-After")
                                    if reply_headers.get(field)]
            (HERE / f"{name}.http").write_bytes(("\n".join(head) + "\n\n").encode() + body)
    finally:
        server.stdin.close()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
