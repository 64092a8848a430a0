// The workspace's background jobs (core/workspace/audit_job.h, sim_job.h), with
// no UI: an audit on its worker gives what runAudit gives, its live update after
// a map edit equals a fresh audit, cancel stops both jobs, and a re-simulation
// on the worker gives the recording a direct simulate() gives.
#include <gtest/gtest.h>

#include <chrono>

#include "core/check/audit.h"
#include "core/tests/sample_test_util.h"
#include "core/workspace/workspace.h"

namespace core {
namespace {

using namespace std::chrono_literals;

AuditOptions quickOptions() {
  AuditOptions o;
  o.stride = 8;
  o.maxSpeed = 2;
  return o;
}

void expectSameCounts(const AuditResult& a, const AuditResult& b) {
  ASSERT_TRUE(a.ok) << a.error;
  ASSERT_TRUE(b.ok) << b.error;
  EXPECT_EQ(a.cases, b.cases);
  EXPECT_EQ(a.counts, b.counts);
  EXPECT_TRUE(a.heat == b.heat);
  EXPECT_EQ(a.failures.size(), b.failures.size());
}

TEST(WorkspaceJobs, TheAuditJobGivesWhatRunAuditGivesAndUpdatesLive) {
  REQUIRE_CA65();
  Workspace ws;
  std::string error;
  ASSERT_TRUE(ws.open(test::repoFile("maps/seed002_castle.scenario.json"), &error)) << error;
  const Scenario& sc = ws.scenario();
  const AsmResult& image = ws.simulation()->image();
  AuditJob& job = ws.auditJob();
  EXPECT_FALSE(job.update(sc)) << "nothing to update before a first audit";
  job.start(sc, image, quickOptions());
  EXPECT_TRUE(job.running());
  job.wait();
  auto first = job.take();
  ASSERT_TRUE(first);
  EXPECT_FALSE(job.lastWasUpdate());
  EXPECT_EQ(job.done(), job.total());
  EXPECT_FLOAT_EQ(job.progress(), 1.0f);
  expectSameCounts(*first, runAudit(sc, image, quickOptions()));

  // Paint a wall into open floor: the live update equals a fresh audit.
  Scenario edited = sc;
  int col = -1, row = -1;
  for (int r = 1; r + 1 < edited.map.room.height && col < 0; ++r)
    for (int c = 1; c + 1 < edited.map.room.width; ++c)
      if (edited.map.room.at(c, r) == 0) {
        col = c;
        row = r;
        break;
      }
  ASSERT_GE(col, 0);
  edited.map.room.at(col, row) = 1;
  ASSERT_TRUE(job.update(edited));
  job.wait();
  auto updated = job.take();
  ASSERT_TRUE(updated);
  EXPECT_TRUE(job.lastWasUpdate());
  expectSameCounts(*updated, runAudit(edited, image, quickOptions()));
}

TEST(WorkspaceJobs, ACancelledAuditEndsCancelledAndLeavesNothingToUpdate) {
  REQUIRE_CA65();
  Workspace ws;
  std::string error;
  ASSERT_TRUE(ws.open(test::repoFile("maps/seed002_castle.scenario.json"), &error)) << error;
  AuditOptions o;  // the full default audit: long enough to cancel in flight
  AuditJob& job = ws.auditJob();
  job.start(ws.scenario(), ws.simulation()->image(), o);
  job.cancel();
  EXPECT_TRUE(job.cancelling());
  job.wait();
  auto r = job.take();
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->cancelled);
  EXPECT_FALSE(job.update(ws.scenario())) << "a cancelled audit has no cases to update";
}

TEST(WorkspaceJobs, TheSimJobGivesTheRecordingADirectSimulateGives) {
  REQUIRE_CA65();
  Workspace ws;
  std::string error;
  ASSERT_TRUE(ws.open(test::repoFile("maps/seed002_castle.scenario.json"), &error)) << error;
  ASSERT_TRUE(ws.simulate(&error)) << error;
  auto work = ws.simulation()->clone();
  ASSERT_TRUE(work);
  SimRequest request;
  request.merge(0, false);
  SimJob& job = ws.simJob();
  job.start(std::move(work), request, 7);
  ASSERT_TRUE(job.waitFor(60s));
  SimJob::Result r;
  ASSERT_TRUE(job.take(r));
  ASSERT_TRUE(r.sim) << r.error;
  EXPECT_EQ(r.target, 7u);
  EXPECT_FALSE(r.cancelled);
  EXPECT_TRUE(r.sim->recording() == ws.recording());
  ws.adopt(std::move(r.sim));
  EXPECT_EQ(ws.judged().verdicts.size(),
            ws.recording().frames.size() * ws.scenario().entities.size());
}

TEST(WorkspaceJobs, ACancelledSimJobHandsBackNoSimulation) {
  REQUIRE_CA65();
  Workspace ws;
  std::string error;
  ASSERT_TRUE(ws.open(test::repoFile("maps/seed002_castle.scenario.json"), &error)) << error;
  auto work = ws.simulation()->clone();
  ASSERT_TRUE(work);
  SimJob& job = ws.simJob();
  job.cancel();  // a stale flag from before start() must not stop the new run
  job.start(std::move(work), SimRequest{}, 1);
  job.cancel();
  ASSERT_TRUE(job.waitFor(60s));
  SimJob::Result r;
  ASSERT_TRUE(job.take(r));
  if (r.cancelled) {
    EXPECT_FALSE(r.sim);
    EXPECT_EQ(r.error, "cancelled");
  } else {
    EXPECT_TRUE(r.sim) << "the run finished before the cancel arrived";
  }
  EXPECT_FALSE(job.running());
}

TEST(WorkspaceJobs, SimRequestsMergeToTheEarliestFrame) {
  SimRequest a;
  EXPECT_FALSE(a.any);
  a.merge(40, false);
  a.merge(12, true);
  a.merge(30, false);
  EXPECT_TRUE(a.any);
  EXPECT_EQ(a.from, 12);
  EXPECT_TRUE(a.mapChanged);
  SimRequest b;
  b.merge(a);
  EXPECT_EQ(b.from, 12);
  b.merge(SimRequest{});  // an empty request adds nothing
  EXPECT_EQ(b.from, 12);
}

}  // namespace
}  // namespace core
