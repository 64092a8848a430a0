// The files a scenario reads, and which of them lie outside its folder tree.
// A scenario from someone else may name any file: "../../.ssh/id_rsa" as its
// map's CHR, an absolute path as a source, and a re-save would embed the CHR's
// bytes in the map. Nothing is refused (projects share routines and graphics
// between folders), but every such reference is shown: a warning in the collido
// commands' output and the GUI's status line (Simulation::warnings), the list in
// `collido info SCENARIO`, and a warning when a save embeds bytes read from outside.
//
//   for (const std::string& w : core::outsideReferenceWarnings(scenario)) warn(w);
//   // "castle.scenario.json: map: chr.file: /etc/passwd is outside the scenario's
//   //  folder /home/me/castle"
//   if (auto w = core::embedWarning(scenario.map, savedMapPath, core::referenceRoot(scenario)))
//     warn(*w);
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/sim/scenario.h"

namespace core {

struct FileReference {
  std::string file;   // the file that names it: the scenario, its map or its manifest
  std::string field;  // "map", "routine", "chr.file", "sources[0]", "game.rom" ...
  std::string path;   // as resolved
  bool outside = false;
};

// The folder tree a scenario's references are held to: the scenario's folder;
// for a map opened alone (no scenario file) the map's; "" when untitled.
std::string referenceRoot(const Scenario& s);

// Every file the scenario names, through its map and manifest too, in the
// order of the files; `outside` marks those outside referenceRoot(s) and the
// trusted folders. `includes` are more files the routine read (its debug info's
// files, relative to the manifest's folder; not for a game, whose debug info
// names the sources of its own build). A map opened alone lists only the
// map's own references (its routine came from the document before).
std::vector<FileReference> scenarioReferences(const Scenario& s,
                                              const std::vector<std::string>& includes = {});

// One warning for each outside reference:
// "FILE: FIELD: PATH is outside the scenario's folder ROOT".
std::vector<std::string> outsideReferenceWarnings(const Scenario& s,
                                                  const std::vector<std::string>& includes = {});

// A folder whose files are never reported, wherever the scenario is: the
// program's own samples (the app passes its data folder at start-up).
void trustFolder(const std::string& dir);

// The warning for a save of `map` to `savedPath` that embeds tiles read from a
// file outside `root` (its chr.file: the saved map holds the tiles themselves),
// or nullopt. An empty `root` is the saved file's folder.
std::optional<std::string> embedWarning(const MapDocument& map, const std::string& savedPath,
                                        const std::string& root = {});

}  // namespace core
