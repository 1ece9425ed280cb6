"""What the benchmark scripts share: the edit distance behind every CER, the whitespace rules
of OCR text (`normalize`), and our Papago-compatible test server
(Tests/PapagoServer/papago_server.py) run on a free port."""
import json
import subprocess
import sys
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SERVER = REPO / "Tests" / "PapagoServer" / "papago_server.py"
CLIENT_ID, CLIENT_SECRET = "bench-id", "bench-secret"


# Scripts written without spaces between words: spaces next to their characters are not counted.
UNSPACED = [(0x3040, 0x30FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x3000, 0x303F),
            (0xFF00, 0xFFEF), (0x0E00, 0x0E7F)]


def unspaced(ch):
    return any(lo <= ord(ch) <= hi for lo, hi in UNSPACED)


def normalize(text):
    """Whitespace runs become one space; a space next to a CJK or Thai character is dropped."""
    words = " ".join(text.split())
    out = []
    for i, ch in enumerate(words):
        if ch == " " and (unspaced(words[i - 1]) or unspaced(words[i + 1])):
            continue
        out.append(ch)
    return "".join(out)


def edit_distance(a, b):
    """Levenshtein distance over characters."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
        previous = current
    return previous[-1]


class Server:
    """The test server on a free port of 127.0.0.1, with a latency per request."""

    def __init__(self, latency_ms):
        self.process = subprocess.Popen(
            [sys.executable, str(SERVER), "--port", "0", "--client-id", CLIENT_ID, "--client-secret", CLIENT_SECRET,
             "--exit-on-stdin-eof"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.port = int(self.process.stdout.readline().split()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.latency_ms = latency_ms
        self.reset()

    def control(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as reply:
            return json.loads(reply.read() or b"null")

    def reset(self):
        """Forgets recorded requests and queued failures; keeps the latency."""
        self.control("POST", "/_control/reset", {})
        self.control("POST", "/_control/latency", {"ms": self.latency_ms})

    def translation_requests(self):
        return sum(1 for r in self.control("GET", "/_control/requests")["requests"] if r["path"].endswith("/translation"))

    def environment(self, base):
        """`base` without any PAPAGO_ variable, plus credentials and endpoint for this server."""
        env = {k: v for k, v in base.items() if not k.startswith("PAPAGO_")}
        env.update({"PAPAGO_CLIENT_ID": CLIENT_ID, "PAPAGO_CLIENT_SECRET": CLIENT_SECRET, "PAPAGO_ENDPOINT": self.url})
        return env

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)
