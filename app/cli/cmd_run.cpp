// `collido run SCENARIO [--frames N] [--json OUT]`: runs a scenario through the
// frame runner and prints a row per frame and entity with its verdict
// (core/check/verdict.h), or writes the recording and verdicts as JSON, then a
// count per verdict. Exit 0 when every frame is ok, 1 when any is not (a
// finding: CLIP, ROUTINE-FAULT, ...), 2 for bad input.
#include <array>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "app/cli/query_cli.h"
#include "core/check/verdict.h"
#include "core/map/limits.h"
#include "core/sim/query.h"
#include "core/sim/simulation.h"
#include "core/util/files.h"
#include "core/workspace/workspace.h"

namespace app::cli {
namespace {

// map.writes: the map writes the manifest expects, counted apart from the verdicts.
void printExpectedWrites(const core::Recording& rec) {
  uint64_t writes = 0, calls = 0;
  const std::string* first = nullptr;
  for (const core::FrameRecord& fr : rec.frames)
    for (const core::EntityFrame& e : fr.entities)
      if (e.expectedWrites > 0) {
        writes += e.expectedWrites;
        ++calls;
        if (!first) first = &e.writeNote;
      }
  if (writes > 0)
    std::printf("expected map writes: %llu in %llu call(s), the first %s\n",
                (unsigned long long)writes, (unsigned long long)calls, first->c_str());
}

struct RunOptions {
  std::string scenario;
  int frames = 0;
  std::string json;
};

std::string cellsText(const std::vector<uint16_t>& cells, int width) {
  std::string s;
  for (uint16_t c : cells) {
    if (!s.empty()) s += ' ';
    s += std::to_string(c % width) + "," + std::to_string(c / width);
  }
  return s.empty() ? "-" : s;
}

// The fields after x and y, as "name=value" pairs.
std::string otherFieldsText(const std::vector<std::string>& names, const std::vector<int32_t>& v) {
  std::string s;
  for (size_t k = 2; k < names.size() && k < v.size(); ++k) {
    if (!s.empty()) s += ' ';
    s += names[k] + "=" + std::to_string(v[k]);
  }
  return s.empty() ? "-" : s;
}

struct FrameModeCounts {
  size_t calls = 0;   // calls of game.routines the game made
  size_t unseen = 0;  // rows whose frame had no span (or no call of their own)
};

FrameModeCounts frameModeCounts(const core::Recording& rec) {
  FrameModeCounts c;
  for (const core::FrameRecord& f : rec.frames)
    for (const core::EntityFrame& e : f.entities) {
      c.calls += e.calls.size();
      c.unseen += !e.spanSeen && !e.passive;
    }
  return c;
}

int runScenario(const RunOptions& o) {
  core::Scenario scenario;
  std::string error;
  if (!core::loadScenario(o.scenario, scenario, &error)) {
    std::fprintf(stderr, "collido run: %s\n", error.c_str());
    return kExitBadInput;
  }
  if (o.frames > 0) scenario.frames = o.frames;
  if (!core::checkRunSize(scenario.frames, int64_t(scenario.entities.size()), &error)) {
    std::fprintf(stderr, "collido run: --frames: %s\n", error.c_str());
    return kExitBadInput;
  }
  const int64_t calls = int64_t(scenario.frames) * int64_t(scenario.entities.size());
  if (!o.json.empty() && calls > core::kMaxJsonCalls) {
    std::fprintf(stderr,
                 "collido run: --json: %s calls; the limit for --json is %s calls (the document "
                 "is built in memory, about 2 KiB a call): use --frames N\n",
                 core::groupedNumber(calls).c_str(),
                 core::groupedNumber(core::kMaxJsonCalls).c_str());
    return kExitBadInput;
  }
  core::Workspace ws;
  if (!ws.load(scenario, &error)) {
    std::fprintf(stderr, "collido run: %s\n", error.c_str());
    return kExitBadInput;
  }
  // A game's symbols that may not belong to its ROM, a ROM header oddity: the run
  // goes on, but the user should know before trusting it.
  for (const std::string& w : ws.simulation()->warnings())
    std::fprintf(stderr, "collido run: %s\n", w.c_str());
  if (!ws.simulate(&error)) {
    std::fprintf(stderr, "collido run: %s\n", error.c_str());
    return kExitBadInput;
  }
  // A query routine is judged by its answers, not as a move (app/cli/query_cli.h).
  if (core::manifestQuery(scenario.manifest))
    return printQueryRun(*ws.simulation(), o.scenario, o.json);
  const core::Recording& rec = ws.recording();
  const std::vector<core::FrameVerdict>& verdicts = ws.judged().verdicts;
  const auto& counts = ws.judged().counts;
  const int width = scenario.map.room.width;
  // Keys in the order they are set (scenario, fields, entities, frames, summary), not sorted.
  nlohmann::ordered_json out;
  if (!o.json.empty()) {
    out["scenario"] = o.scenario;
    out["fields"] = rec.fieldNames;
    out["entities"] = nlohmann::ordered_json::array();
    for (const auto& e : scenario.entities) out["entities"].push_back(e.name);
    if (!scenario.manifest.tables.empty()) {
      // Entities of other tables record their own fields (and the results).
      nlohmann::ordered_json tables = nlohmann::ordered_json::object();
      for (size_t t = 0; t < rec.tableFieldNames.size(); ++t)
        tables[scenario.manifest.tables[t].name] = rec.tableFieldNames[t];
      out["tableFields"] = tables;
      out["entityTables"] = nlohmann::ordered_json::array();
      for (const auto& e : scenario.entities)
        out["entityTables"].push_back(e.table.empty() ? "entity" : e.table);
    }
    out["frames"] = nlohmann::ordered_json::array();
    if (rec.viewCells[0] > 0) {
      // The scenario's view: the window's size and, per frame, its top-left room cell.
      nlohmann::ordered_json origins = nlohmann::ordered_json::array();
      for (const core::FrameRecord& fr : rec.frames) origins.push_back({fr.viewCol, fr.viewRow});
      out["view"] = {{"cells", rec.viewCells}, {"origins", origins}};
    }
  } else {
    std::printf("%6s %-10s %-6s %5s %5s %7s %-10s %-13s %-20s %s\n", "frame", "entity", "input",
                "x", "y", "cycles", "halt", "verdict", "other fields", "cells read (col,row)");
  }
  size_t k = 0;
  for (size_t f = 0; f < rec.frames.size(); ++f) {
    nlohmann::ordered_json jf = nlohmann::ordered_json::array();
    for (size_t i = 0; i < rec.frames[f].entities.size(); ++i, ++k) {
      const core::EntityFrame& e = rec.frames[f].entities[i];
      const core::FrameVerdict& v = verdicts[k];
      const std::vector<std::string>& names = rec.namesOf(scenario.tableOf(i));
      // x and y in whole pixels (a fixed-point field's raw >> frac), by the entity's table.
      const auto& tableFields = scenario.manifest.fieldsOf(scenario.tableOf(i));
      auto pixels = [&](const char* name, int32_t raw) {
        auto it = tableFields.find(name);
        return it == tableFields.end() ? raw : core::fieldPixels(core::fieldShape(it->second), raw);
      };
      if (!o.json.empty()) {
        jf.push_back({{"input", core::buttonsText(e.input)},
                      {"before", e.before},
                      {"after", e.after},
                      {"cycles", e.cycles},
                      {"instructions", e.instructions},
                      {"halt", core::haltKindName(e.halt)},
                      {"verdict", v.passive ? "passive" : core::verdictName(v.verdict)},
                      {"message", v.message},
                      {"cellsRead", e.cellsRead},
                      {"attrsRead", e.attrsRead}});
        if (e.expectedWrites > 0)  // map.writes: events, not faults
          jf.back()["mapWrites"] = {{"count", e.expectedWrites}, {"first", e.writeNote}};
        if (scenario.manifest.game && scenario.manifest.game->mode == core::GameSpec::Mode::Frame) {
          nlohmann::ordered_json calls = nlohmann::ordered_json::array();
          for (const core::SpanCall& c : e.calls)
            calls.push_back({{"entry", c.entry},
                             {"entity", c.slot},
                             {"cycles", c.cycles},
                             {"halt", core::haltKindName(c.halt)},
                             {"cellsRead", c.cellsRead}});
          jf.back()["calls"] = calls;
          jf.back()["spanSeen"] = e.spanSeen;
        }
      } else {
        std::string input = core::buttonsText(e.input);
        std::printf("%6zu %-10s %-6s %5d %5d %7u %-10s %-13s %-20s %s\n", f,
                    scenario.entities[i].name.c_str(), input.empty() ? "-" : input.c_str(),
                    pixels("x", e.x()), pixels("y", e.y()), e.cycles,
                    e.passive ? "-" : core::haltKindName(e.halt),
                    v.passive ? "passive" : core::verdictName(v.verdict),
                    otherFieldsText(names, e.after).c_str(), cellsText(e.cellsRead, width).c_str());
        // The evidence of a finding, under its row (ok frames have none).
        if (!v.message.empty()) std::printf("%6s %s\n", "", v.message.c_str());
        if (e.expectedWrites > 0)
          std::printf("%6s expected map write%s: %s%s\n", "", e.expectedWrites > 1 ? "s" : "",
                      e.writeNote.c_str(),
                      e.expectedWrites > 1
                          ? (" and " + std::to_string(e.expectedWrites - 1) + " more").c_str()
                          : "");
      }
    }
    if (!o.json.empty()) out["frames"].push_back(jf);
  }
  nlohmann::ordered_json summary = nlohmann::ordered_json::object();
  // WRONG-ANSWER is a query's verdict (app/cli/query_cli.h): never a move's.
  auto moveClass = [](int v) { return core::Verdict(v) != core::Verdict::WrongAnswer; };
  for (int v = 0; v < core::kVerdictCount; ++v)
    if (moveClass(v)) summary[core::verdictName(core::Verdict(v))] = counts[size_t(v)];
  if (!o.json.empty()) {
    out["summary"] = summary;
    if (!core::writeFileAtomic(o.json, out.dump(1) + "\n", &error, false)) {
      std::fprintf(stderr, "collido run: %s\n", error.c_str());
      return kExitBadInput;
    }
  }
  // The summary goes to stdout with the table; with --json it is the only output.
  std::string line;
  for (int v = 0; v < core::kVerdictCount; ++v) {
    if (!moveClass(v)) continue;
    if (!line.empty()) line += ", ";
    line +=
        std::string(core::verdictName(core::Verdict(v))) + " " + std::to_string(counts[size_t(v)]);
  }
  const size_t judgedCalls = verdicts.size() - size_t(ws.judged().passive);
  const size_t notOk = ws.judged().notOk();
  if (scenario.manifest.game && scenario.manifest.game->mode == core::GameSpec::Mode::Frame) {
    // Frame mode: a row is a span, not a call; the game's own calls are counted apart.
    const FrameModeCounts c = frameModeCounts(rec);
    std::printf("%zu frame(s), %zu call(s) of the game's routines, %zu row(s) (%zu with no %s: "
                "nothing to judge): %s\n",
                rec.frames.size(), c.calls, judgedCalls, c.unseen,
                scenario.manifest.game->span == core::GameSpec::Span::Call ? "call" : "span",
                line.c_str());
    printExpectedWrites(rec);
    if (notOk > 0) {
      std::fprintf(stderr, "collido run: %zu of %zu row(s) not ok\n", notOk, judgedCalls);
      return kExitFindings;
    }
    return kExitClean;
  }
  std::printf("%zu call(s): %s\n", judgedCalls, line.c_str());
  printExpectedWrites(rec);
  if (notOk > 0) {
    std::fprintf(stderr, "collido run: %zu of %zu call(s) not ok\n", notOk, judgedCalls);
    return kExitFindings;
  }
  return kExitClean;
}

CommandRegistrar reg(
    "run", "Run a scenario: a row per frame and entity with its verdict; exit 1 when any is not ok",
    [](CLI::App& sub) {
      auto o = std::make_shared<RunOptions>();
      sub.add_option("scenario", o->scenario, "Scenario file (maps/*.json)")->required();
      sub.add_option("--frames", o->frames, "Frames to run (default: the scenario's)")
          ->check(CLI::Range(1, core::kMaxFrames));
      sub.add_option("--json", o->json, "Write the recording as JSON to OUT");
      return [o] { return runScenario(*o); };
    });

}  // namespace
}  // namespace app::cli
