#include "core/sim/references.h"

#include <algorithm>
#include <filesystem>
#include <mutex>

#include "core/util/files.h"

namespace fs = std::filesystem;

namespace core {

namespace {

std::mutex gTrustedMutex;
std::vector<std::string> gTrusted;

bool trusted(const std::string& path) {
  std::lock_guard<std::mutex> lock(gTrustedMutex);
  return std::any_of(gTrusted.begin(), gTrusted.end(),
                     [&](const std::string& dir) { return !outsideTree(dir, path); });
}

// The folder of `file`, absolute (as the messages show it).
std::string folderOf(const std::string& file) {
  std::error_code ec;
  const fs::path abs = fs::absolute(fs::path(file), ec).lexically_normal();
  return ec ? fs::path(file).parent_path().string() : abs.parent_path().string();
}

bool outside(const std::string& root, const std::string& path) {
  return !root.empty() && outsideTree(root, path) && !trusted(path);
}

std::string indexed(const char* field, size_t i) {
  return std::string(field) + "[" + std::to_string(i) + "]";
}

}  // namespace

void trustFolder(const std::string& dir) {
  if (dir.empty()) return;
  std::lock_guard<std::mutex> lock(gTrustedMutex);
  gTrusted.push_back(dir);
}

std::string referenceRoot(const Scenario& s) {
  if (!s.path.empty()) return folderOf(s.path);
  if (!s.mapPath.empty()) return folderOf(s.mapPath);
  return {};
}

std::vector<FileReference> scenarioReferences(const Scenario& s,
                                              const std::vector<std::string>& includes) {
  const std::string root = referenceRoot(s);
  std::vector<FileReference> refs;
  const auto add = [&](const std::string& file, std::string field, const std::string& path) {
    if (!path.empty()) refs.push_back({file, std::move(field), path, outside(root, path)});
  };
  if (!s.path.empty()) {
    add(s.path, "map", s.mapPath);
    add(s.path, "routine", s.manifestPath);
  }
  add(s.mapPath, "chr.file", s.map.chrFile);
  if (s.path.empty()) return refs;

  const RoutineManifest& m = s.manifest;
  const std::string& mf = s.manifestPath;
  for (size_t i = 0; i < m.sources.size(); ++i) add(mf, indexed("sources", i), m.sources[i]);
  for (size_t i = 0; i < m.includeDirs.size(); ++i)
    add(mf, indexed("includeDirs", i), m.includeDirs[i]);
  add(mf, "preinclude", m.preinclude);
  add(mf, "linkerScript", m.linkerScript);
  if (m.game) {
    add(mf, "game.rom", m.game->rom);
    for (size_t i = 0; i < m.game->symbols.size(); ++i)
      add(mf, indexed("game.symbols", i), m.game->symbols[i]);
    if (!m.game->buildCommand.empty()) add(mf, "game.build.directory", m.game->buildDirectory);
  }
  // The files the assembler read besides the sources (INCLUDE, INCBIN, .include).
  // A game's debug info names the sources it was built from, wherever the build
  // was: Collidoscope reads none of them to run it.
  if (m.game) return refs;
  const fs::path base = fs::path(mf).parent_path();
  for (const std::string& p : includes) {
    // Names as given to the assembler: relative to the working directory when the
    // sources were (a scenario opened by a relative name), else to the manifest.
    fs::path f(p);
    std::error_code ec;
    if (f.is_relative() && !fs::is_regular_file(f, ec)) f = base / f;
    if (!fs::is_regular_file(f, ec)) continue;
    const bool listed = std::any_of(refs.begin(), refs.end(), [&](const FileReference& r) {
      return fs::equivalent(r.path, f, ec);
    });
    if (!listed) add(mf, "include", f.lexically_normal().string());
  }
  return refs;
}

std::vector<std::string> outsideReferenceWarnings(const Scenario& s,
                                                  const std::vector<std::string>& includes) {
  std::vector<std::string> out;
  const std::string root = referenceRoot(s);
  const std::string whose = s.path.empty() ? "the map's folder " : "the scenario's folder ";
  for (const FileReference& r : scenarioReferences(s, includes))
    if (r.outside)
      out.push_back(r.file + ": " + r.field + ": " + r.path + " is outside " + whose + root);
  return out;
}

std::optional<std::string> embedWarning(const MapDocument& map, const std::string& savedPath,
                                        const std::string& root) {
  if (map.chrFile.empty()) return std::nullopt;
  const std::string tree = root.empty() ? folderOf(savedPath) : root;
  if (!outside(tree, map.chrFile)) return std::nullopt;
  return savedPath + ": chr.tiles: holds the " + std::to_string(map.tiles.size()) +
         " tiles read from " + map.chrFile + ", outside " + tree;
}

}  // namespace core
