// Subcommand registry for the headless CLI `collido`. Each command lives in its
// own file and registers itself by static initialisation, so adding a command
// never means editing a central list (the pattern of Box2D's samples).
//
//   static app::cli::CommandRegistrar reg("run", "Run a scenario", [](CLI::App& sub) {
//     auto opts = std::make_shared<RunOptions>();
//     sub.add_option("scenario", opts->path)->required();
//     return [opts] { return runScenario(*opts); };
//   });
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace app::cli {

// Exit codes shared by every command.
enum ExitCode : int { kExitClean = 0, kExitFindings = 1, kExitBadInput = 2 };

using RunFn = std::function<int()>;
using SetupFn = std::function<RunFn(CLI::App& sub)>;

struct CommandRegistrar {
  CommandRegistrar(const char* name, const char* description, SetupFn setup);
};

struct CommandEntry {
  std::string name;
  std::string description;
  SetupFn setup;
};

// All registered commands, sorted by name.
std::vector<CommandEntry>& commands();

// An address or size on the command line: "$8000", "0x8000", "8000h" or decimal
// "32768". Empty when malformed or above `max`.
std::optional<uint32_t> parseAddress(const std::string& text, uint32_t max = 0xFFFF);

}  // namespace app::cli
