#include "core/check/report_sarif.h"

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <tuple>

namespace core {

using nlohmann::json;

namespace {

std::string uriFor(const std::string& file, const std::string& baseDir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::path(file), ec);
  if (ec) p = fs::path(file);
  if (!baseDir.empty()) {
    const fs::path base = fs::weakly_canonical(fs::path(baseDir), ec);
    const fs::path rel = p.lexically_relative(base);
    if (!ec && !rel.empty() && *rel.begin() != "..") return rel.generic_string();
  }
  return p.generic_string();
}

}  // namespace

std::string sarifReport(const std::vector<SarifCase>& cases, const std::string& baseDir) {
  // (class, file, line) -> the cases that ended there, in the order given.
  std::map<std::tuple<int, std::string, int>, std::vector<const SarifCase*>> groups;
  std::array<bool, kVerdictCount> used{};
  for (const SarifCase& c : cases) {
    const int v = int(c.failure.verdict.verdict);
    used[size_t(v)] = true;
    groups[{v, c.where ? c.where->file : c.scenario, c.where ? c.where->line : 1}].push_back(&c);
  }
  json rules = json::array();
  std::map<int, int> ruleIndex;
  for (int v = 0; v < kVerdictCount; ++v)
    if (used[size_t(v)]) {
      ruleIndex[v] = int(rules.size());
      rules.push_back({{"id", verdictName(Verdict(v))},
                       {"shortDescription", {{"text", verdictInfo(Verdict(v)).sarifText}}}});
    }
  json results = json::array();
  for (const auto& [key, list] : groups) {
    const auto& [v, file, line] = key;
    const SarifCase& first = *list.front();
    std::string text = std::to_string(list.size()) + " " + verdictName(Verdict(v)) +
                       " case(s) of " + first.scenario + " end here, e.g. " +
                       auditCaseText(first.failure);
    if (!first.where) text += " (no source line: the debug info does not cover the call's end)";
    results.push_back({{"ruleId", verdictName(Verdict(v))},
                       {"ruleIndex", ruleIndex[v]},
                       {"level", "error"},
                       {"message", {{"text", text}}},
                       {"locations",
                        {{{"physicalLocation",
                           {{"artifactLocation", {{"uri", uriFor(file, baseDir)}}},
                            {"region", {{"startLine", std::max(line, 1)}}}}}}}}});
  }
  json run = {{"tool", {{"driver", {{"name", "collido"}, {"rules", rules}}}}},
              {"results", results}};
  json top = {{"version", "2.1.0"},
              {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"runs", json::array({run})}};
  return top.dump(1) + "\n";
}

}  // namespace core
