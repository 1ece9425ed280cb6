#!/usr/bin/env python3
"""Two shards of one run on two network hosts sharing one Redis, against one process.

Builds a small network of Linux network namespaces (needs root and `ip netns`):

    hub (10.231.0.1: redis-server and the Papago-compatible test server)
     ├─ bridge ─ host A (10.231.0.2)   shard 1/2, pinned to CPU 0
     ├─ bridge ─ host B (10.231.0.3)   shard 2/2, pinned to CPU 1
     └─ bridge ─ this script (10.231.0.254, in the starting namespace, for control only)

Where namespaces are not permitted it says so and falls back to two processes on loopback
(127.0.0.1), everything else unchanged.

Every process is a fresh machine: its own empty local cache (XDG_CACHE_HOME), `--jobs 1` and
one CPU (`taskset`), so that "one process" is one machine of the same size as each shard's.
The test server answers every request after LATENCY ms, like a remote service.

Per round (--runs, medians reported):
  single   translate DIR --to en --format tsv -o OUT              on host A, no Redis
  fleet    the same with --shard 1/2 on host A and --shard 2/2 on host B, started together,
           both with --cache-url redis://HUB:6379/0 (emptied first)
Then once more, staggered: shard 2 starts when shard 1 has finished.

Checks (the script exits 1 when one fails):
  - the union of the shards' result files equals the single run's, byte for byte per file
    (TSV: JSON would differ in its `cached` flags, which say where a translation came from);
  - started together, no line went out twice: a shard claims each line in Redis before it
    sends it, and a shard that finds a line claimed waits for the other's translation;
  - staggered: shard 2 sent no request for a line shard 1 had already translated.
Shown, not checked: the requests of the fleet against those of one process (a request carries
the lines of one image that are new to the fleet, so the count depends on which image meets a
line first, which the split and the timing decide).

Usage: sudo bench/fleet/two_shards.py [--translate PATH] [--images DIR] [--runs 3] [--latency-ms 100] [--loopback]
Default images: bench/out/screenshots (bench/batch/make_screenshots.py --count 96 makes them).
"""
import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from common import CLIENT_ID, CLIENT_SECRET, SERVER  # noqa: E402

import json  # noqa: E402
import urllib.request  # noqa: E402

SUBNET = "10.231.0"
HUB, HOST_A, HOST_B, CONTROL = f"{SUBNET}.1", f"{SUBNET}.2", f"{SUBNET}.3", f"{SUBNET}.254"
REDIS_PORT = 6379


def sh(*command, check=True):
    return subprocess.run(command, check=check, capture_output=True, text=True)


class Network:
    """The namespaces and links above; `prefix(host)` runs a command on a host."""

    def __init__(self, loopback=False):
        tag = str(os.getpid())
        self.names = {"hub": f"fleet-hub-{tag}", "a": f"fleet-a-{tag}", "b": f"fleet-b-{tag}"}
        self.control_link = f"flc{tag}"[:15]
        self.namespaces = True
        self.reason = ""
        if loopback:
            self.namespaces, self.reason = False, "--loopback given"
            return
        try:
            self.build()
        except (subprocess.CalledProcessError, FileNotFoundError) as error:
            detail = getattr(error, "stderr", "") or str(error)
            self.remove()
            self.namespaces = False
            self.reason = detail.strip().splitlines()[-1] if detail.strip() else str(error)

    def build(self):
        hub, a, b = self.names["hub"], self.names["a"], self.names["b"]
        for name in (hub, a, b):
            sh("ip", "netns", "add", name)
            sh("ip", "-n", name, "link", "set", "lo", "up")
        sh("ip", "-n", hub, "link", "add", "br0", "type", "bridge")
        sh("ip", "-n", hub, "addr", "add", f"{HUB}/24", "dev", "br0")
        sh("ip", "-n", hub, "link", "set", "br0", "up")
        for host, address in ((a, HOST_A), (b, HOST_B)):
            port = "p" + host.split("-")[1]
            sh("ip", "link", "add", port, "netns", hub, "type", "veth", "peer", "name", "eth0", "netns", host)
            sh("ip", "-n", hub, "link", "set", port, "master", "br0", "up")
            sh("ip", "-n", host, "addr", "add", f"{address}/24", "dev", "eth0")
            sh("ip", "-n", host, "link", "set", "eth0", "up")
        # The script's own link into the hub, to reach the control API and Redis.
        sh("ip", "link", "add", self.control_link, "type", "veth", "peer", "name", "pctl", "netns", hub)
        sh("ip", "-n", hub, "link", "set", "pctl", "master", "br0", "up")
        sh("ip", "addr", "add", f"{CONTROL}/24", "dev", self.control_link)
        sh("ip", "link", "set", self.control_link, "up")

    def prefix(self, host):
        return ["ip", "netns", "exec", self.names[host]] if self.namespaces else []

    @property
    def hub_address(self):
        return HUB if self.namespaces else "127.0.0.1"

    def client_address(self, host):
        return {"a": HOST_A, "b": HOST_B}[host] if self.namespaces else "127.0.0.1"

    def remove(self):
        sh("ip", "link", "del", self.control_link, check=False)
        for name in self.names.values():
            sh("ip", "netns", "del", name, check=False)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def redis_command(address, port, *words):
    """One command in Redis's protocol; returns the first reply line."""
    payload = f"*{len(words)}\r\n" + "".join(f"${len(w.encode())}\r\n{w}\r\n" for w in words)
    with socket.create_connection((address, port), timeout=5) as connection:
        connection.sendall(payload.encode())
        return connection.recv(4096).decode().split("\r\n")[0]


def wait_for(check, what, seconds=15):
    deadline = time.monotonic() + seconds
    last = "no answer"
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError as error:
            last = str(error)
        time.sleep(0.05)
    raise SystemExit(f"two_shards: {what} did not start ({last})")


class Services:
    """Redis and the Papago-compatible test server, on the hub."""

    def __init__(self, network, latency_ms):
        self.address = network.hub_address
        self.redis_port = REDIS_PORT if network.namespaces else free_port()
        self.latency_ms = latency_ms
        self.redis = self.server = None
        self.network = network

    def start(self):
        network = self.network
        # Protected mode refuses every client but loopback ones when Redis has no password; the
        # hub's network is private to this script.
        self.redis = subprocess.Popen(
            network.prefix("hub") + ["redis-server", "--bind", self.address, "--port", str(self.redis_port),
                                     "--protected-mode", "no", "--save", "", "--appendonly", "no", "--daemonize", "no",
                                     "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tempfile.gettempdir())
        wait_for(lambda: redis_command(self.address, self.redis_port, "PING") == "+PONG", "redis-server")
        self.server = subprocess.Popen(
            network.prefix("hub") + [sys.executable, str(SERVER), "--host", self.address, "--port", "0",
                                     "--client-id", CLIENT_ID, "--client-secret", CLIENT_SECRET, "--exit-on-stdin-eof"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.port = int(self.server.stdout.readline().split()[1])
        self.url = f"http://{self.address}:{self.port}"
        wait_for(lambda: self.control("GET", "/_control/health")["ok"], "the test server")
        self.reset()

    def control(self, method, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as reply:
            return json.loads(reply.read() or b"null")

    def reset(self):
        """Forgets the recorded requests and empties Redis."""
        self.control("POST", "/_control/reset", {})
        self.control("POST", "/_control/latency", {"ms": self.latency_ms})
        assert redis_command(self.address, self.redis_port, "FLUSHALL") == "+OK"

    def translation_requests(self):
        return [r for r in self.control("GET", "/_control/requests")["requests"] if r["path"].endswith("/translation")]

    def stop(self):
        if self.server:
            self.server.stdin.close()
            self.server.wait(timeout=10)
        if self.redis:
            self.redis.kill()
            self.redis.wait()


class Fleet:
    def __init__(self, args, network, services, work):
        self.binary, self.images, self.network, self.services, self.work = args.translate, args.images, network, services, work
        self.environment = {k: v for k, v in os.environ.items() if not k.startswith("PAPAGO_")}
        self.environment.update({"PAPAGO_CLIENT_ID": CLIENT_ID, "PAPAGO_CLIENT_SECRET": CLIENT_SECRET,
                                 "PAPAGO_ENDPOINT": services.url})
        self.runs = 0

    def start(self, host, out, extra):
        """One translate process on `host` (a fresh machine: empty local cache, one CPU)."""
        self.runs += 1
        environment = dict(self.environment, XDG_CACHE_HOME=str(self.work / f"cache-{self.runs}"))
        cpu = "0" if host == "a" else "1"
        command = self.network.prefix(host) + ["taskset", "-c", cpu, self.binary, self.images, "--to", "en",
                                               "--format", "tsv", "--jobs", "1", "-o", str(out), *extra]
        return subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    @staticmethod
    def finish(process):
        _, errors = process.communicate()
        if process.returncode != 0:
            raise SystemExit(f"two_shards: translate exited {process.returncode}:\n{errors}")
        return errors

    def cache_url(self):
        return f"redis://{self.services.address}:{self.services.redis_port}/0"

    def single(self, out):
        self.services.reset()
        start = time.monotonic()
        self.finish(self.start("a", out, []))
        return time.monotonic() - start, self.services.translation_requests()

    def together(self, out):
        self.services.reset()
        start = time.monotonic()
        shards = [self.start(host, out, ["--shard", f"{k}/2", "--cache-url", self.cache_url()]) for k, host in ((1, "a"), (2, "b"))]
        self.shares = []
        for shard in shards:
            summary = re.search(r"translate: (\d+) images? in ", self.finish(shard))
            self.shares.append(int(summary.group(1)) if summary else 0)
        return time.monotonic() - start, self.services.translation_requests()

    def staggered(self, out):
        self.services.reset()
        self.finish(self.start("a", out, ["--shard", "1/2", "--cache-url", self.cache_url()]))
        first = self.services.translation_requests()
        self.first_share = sorted(p.name for p in out.rglob("*.tsv"))
        self.services.control("POST", "/_control/reset", {})
        self.services.control("POST", "/_control/latency", {"ms": self.services.latency_ms})
        self.finish(self.start("b", out, ["--shard", "2/2", "--cache-url", self.cache_url()]))
        return first, self.services.translation_requests()


def lines(request):
    return [line for line in request["fields"].get("text", "").split("\n") if line]


def sent(requests):
    """Requests, lines and characters sent (Papago bills by the character)."""
    texts = [line for request in requests for line in lines(request)]
    return f"{len(requests)} requests, {len(texts)} lines, {sum(len(t) for t in texts)} characters"


def result_files(directory):
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def compare(single, fleet):
    """Problems found comparing the fleet's result files with the single run's."""
    a, b = result_files(single), result_files(fleet)
    problems = [f"missing from the fleet: {name}" for name in sorted(set(a) - set(b))]
    problems += [f"only in the fleet: {name}" for name in sorted(set(b) - set(a))]
    problems += [f"differs: {name}" for name in sorted(set(a) & set(b)) if a[name] != b[name]]
    return problems, len(a)


def already_answered(requests):
    """Lines sent in a request that arrived after the service had answered them once, and lines
    requested more than once at all."""
    answered = {}
    for request in requests:
        if request["answered"] is not None:
            for line in lines(request):
                answered[line] = min(answered.get(line, request["answered"]), request["answered"])
    late = [line for request in requests for line in lines(request)
            if line in answered and answered[line] < request["received"]]
    counts = {}
    for request in requests:
        for line in lines(request):
            counts[line] = counts.get(line, 0) + 1
    return late, sum(1 for n in counts.values() if n > 1)


def line_groups(directory):
    """Per result file of a single run: the texts it would send, per source language (boxes with
    a language other than the target's)."""
    groups = {}
    for path in sorted(directory.rglob("*.tsv")):
        by_language = {}
        for row in path.read_text().splitlines()[1:]:
            cells = row.split("\t")
            if len(cells) >= 11 and cells[8] and cells[8] != "en":
                by_language.setdefault(cells[8], set()).add(cells[9])
        groups[path.name] = by_language
    return groups


def requests_in_order(groups, order):
    """Requests a cache in front of the service sends when images come in `order`: one per image
    and language that holds a text not met before."""
    seen, requests = set(), 0
    for name in order:
        for language, texts in groups[name].items():
            new = {(language, text) for text in texts} - seen
            requests += bool(new)
            seen |= new
    return requests


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--translate", default=str(REPO / ".build" / "release" / "translate"))
    parser.add_argument("--images", default=str(REPO / "bench" / "out" / "screenshots"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--latency-ms", type=int, default=100)
    parser.add_argument("--loopback", action="store_true", help="skip the namespaces: two processes on 127.0.0.1")
    args = parser.parse_args()
    if not shutil.which("redis-server"):
        raise SystemExit("two_shards: redis-server is not installed (apt-get install redis-server)")
    images = sorted(p for p in Path(args.images).iterdir() if p.suffix == ".png")
    if not images:
        raise SystemExit(f"two_shards: no images in {args.images} (bench/batch/make_screenshots.py --count 96 makes them)")

    network = Network(loopback=args.loopback)
    if network.namespaces:
        print(f"network namespaces: hub {HUB}, host A {HOST_A}, host B {HOST_B}")
    elif args.loopback:
        print("namespaces skipped (--loopback): two processes on loopback")
    else:
        print(f"network namespaces not permitted here ({network.reason}): two processes on loopback instead")
    work = Path(tempfile.mkdtemp(prefix="fleet-"))
    services = None
    failures = []
    try:
        services = Services(network, args.latency_ms)
        services.start()
        fleet = Fleet(args, network, services, work)
        print(f"{len(images)} images, {args.latency_ms} ms per request, each process on one CPU with --jobs 1")
        single_times, fleet_times, single_counts, fleet_counts = [], [], [], []
        for round_ in range(args.runs):
            single_out, fleet_out = work / f"single-{round_}", work / f"fleet-{round_}"
            elapsed, requests = fleet.single(single_out)
            single_times.append(elapsed)
            single_counts.append(len(requests))
            single_sent = sent(requests)
            elapsed, requests = fleet.together(fleet_out)
            fleet_times.append(elapsed)
            fleet_counts.append(len(requests))
            by_host = {host: sum(1 for r in requests if r["client"].split(":")[0] == network.client_address(host)) for host in "ab"}
            problems, files = compare(single_out, fleet_out)
            late, twice = already_answered(requests)
            if twice:
                failures.append(f"round {round_ + 1}: {twice} lines went out from both shards")
            print(f"round {round_ + 1}: one process {single_times[-1]:.1f} s, {single_sent}; "
                  f"two shards together {fleet_times[-1]:.1f} s, {sent(requests)}"
                  + (f" (A {by_host['a']}, B {by_host['b']})" if network.namespaces else "")
                  + f"; images per shard {'/'.join(map(str, fleet.shares))}; {files} result files, {len(problems)} differ; "
                  f"{twice} lines asked for twice, {len(late)} of them after the first answer")
            failures += problems

        first, second = fleet.staggered(work / "staggered")
        problems, files = compare(work / "single-0", work / "staggered")
        failures += problems
        repeated = set(l for r in second for l in lines(r)) & set(l for r in first for l in lines(r))
        print(f"staggered: shard 1 {sent(first)}, then shard 2 {sent(second)}; "
              f"lines shard 2 asked for that shard 1 had translated: {len(repeated)}; {files} result files, {len(problems)} differ")
        if repeated:
            failures.append(f"staggered: shard 2 asked again for {sorted(repeated)[:3]}")
        # The same count from the single run's boxes alone, for the two orders of the images.
        groups = line_groups(work / "single-0")
        names = sorted(groups)
        staggered_order = fleet.first_share + [n for n in names if n not in fleet.first_share]
        print(f"requests predicted from the boxes by the order of the images alone: in name order "
              f"{requests_in_order(groups, names)}, shard 1's images first {requests_in_order(groups, staggered_order)}")

        median = statistics.median
        print(f"median wall time: one process {median(single_times):.1f} s, two shards {median(fleet_times):.1f} s "
              f"({median(single_times) / median(fleet_times):.2f}x)")
        print(f"median requests: one process {median(single_counts)}, two shards {median(fleet_counts)}; "
              f"staggered fleet {len(first) + len(second)}")
        print("requests per round, one process / two shards: "
              + ", ".join(f"{a}/{b}" for a, b in zip(single_counts, fleet_counts)))
    finally:
        if services:
            services.stop()
        network.remove()
        shutil.rmtree(work, ignore_errors=True)
    for failure in failures:
        print("FAILED:", failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
