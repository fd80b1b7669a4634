"""Prometheus metrics of one API app (``GET /metrics``), in a registry of its own.

Each app has its own ``CollectorRegistry`` rather than the process-wide
default, so that several apps in one process (tests, a supervisor) never
register a metric twice or mix their counts.

Counted as they happen: requests by route template and status, the latency
of acts, appended events (a ledger listener), live streams open. Read at
scrape time from their owners: conflicts, idempotent replays and where acts
were decided (the ledger's counters), group commits and the writes they
carried (the committers'), projection lag (the notification log's head against the
slowest projection's tracked position).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from uuid import UUID

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from services.ledger import WizardLedger
from services.store.values import Entry

# Act latency buckets, in seconds: a warm act takes a millisecond or two, a
# group commit or a conflict retry tens of milliseconds.
ACT_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class _FromOwners(Collector):
    """Values that live elsewhere, read when Prometheus scrapes."""

    def __init__(self, ledger: WizardLedger, lag: Callable[[], int | None]) -> None:
        self.ledger = ledger
        self.lag = lag

    def collect(self) -> Iterable[Metric]:
        conflicts = CounterMetricFamily(
            "wizards_act_conflicts",
            "acts that lost an optimistic-concurrency race and were decided again",
        )
        counted = self.ledger.counters
        conflicts.add_metric([], counted.conflicts)
        yield conflicts
        replays = CounterMetricFamily(
            "wizards_act_idempotent_replays",
            "acts retried with an idempotency key: the first result returned, nothing stored",
        )
        replays.add_metric([], counted.replays)
        yield replays
        acts = CounterMetricFamily(
            "wizards_acts",
            "acts begun, by where they were decided: on the event loop, or by perform "
            "(on a thread: another act of the game under way, a game not in memory, "
            "a retried key, a refusal not known current, a lost race)",
            labels=["path"],
        )
        acts.add_metric(["loop"], counted.acts_on_loop)
        acts.add_metric(["perform"], counted.acts_performed)
        yield acts
        committers = self.ledger.shards.committers()
        batches = CounterMetricFamily(
            "wizards_group_commits",
            "transactions of the group commit, all shards (one that failed included)",
        )
        batches.add_metric([], sum(c.batches for c in committers))
        yield batches
        writes = CounterMetricFamily(
            "wizards_group_commit_writes",
            "writes (an act, a new game) those transactions carried: "
            "writes / commits is how many shared a sync",
        )
        writes.add_metric([], sum(c.writes for c in committers))
        yield writes
        lag = self.lag()
        if lag is not None:
            gauge = GaugeMetricFamily(
                "wizards_projection_lag_events",
                "notifications not yet applied by the slowest projection",
            )
            gauge.add_metric([], lag)
            yield gauge


class Metrics:
    def __init__(self, ledger: WizardLedger, lag: Callable[[], int | None]) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "wizards_http_requests",
            "HTTP requests by method, route template and status",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.act_seconds = Histogram(
            "wizards_act_seconds",
            "time to answer POST /tables/{game_id}/act, whatever the answer",
            buckets=ACT_BUCKETS,
            registry=self.registry,
        )
        self.appended = Counter(
            "wizards_appended_events",
            "events appended to game streams by this process",
            registry=self.registry,
        )
        self.streams = Gauge(
            "wizards_live_streams_open",
            "live event streams (SSE) open on this process",
            registry=self.registry,
        )
        self.rate_limited = Counter(
            "wizards_rate_limited",
            "requests refused with 429, by limit",
            ["limit"],
            registry=self.registry,
        )
        self.registry.register(_FromOwners(ledger, lag))

    def on_append(self, game_id: UUID, entries: list[Entry]) -> None:
        """A ledger listener: count what this process appended."""
        self.appended.inc(len(entries))
