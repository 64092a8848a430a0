// collido: the headless half of Collidoscope. Every subcommand registers itself
// (see command.h); this file only builds the CLI11 tree and maps errors to exit codes.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <new>

#include "app/cli/command.h"
#include "app/common/paths.h"
#include "collidoscope_version.h"
#include "core/sim/references.h"

namespace app::cli {

std::vector<CommandEntry>& commands() {
  static std::vector<CommandEntry> list;
  return list;
}

CommandRegistrar::CommandRegistrar(const char* name, const char* description, SetupFn setup) {
  commands().push_back({name, description, std::move(setup)});
}

namespace {

CommandRegistrar versionCmd("version", "Print the version and exit", [](CLI::App&) {
  return [] {
    std::printf("collido %s\n", COLLIDOSCOPE_VERSION);
    return int(kExitClean);
  };
});

}  // namespace
}  // namespace app::cli

int main(int argc, char** argv) {
  using namespace app::cli;
  CLI::App cli{"collido: run, audit and render tile-collision routines for NES and Game Boy"};
  cli.set_version_flag("--version", "collido " COLLIDOSCOPE_VERSION);
  cli.require_subcommand(1);
  cli.failure_message(CLI::FailureMessage::help);  // a usage error prints the usage
  cli.footer("Exit codes: 0 clean, 1 findings, 2 bad input or usage.");

  auto& list = commands();
  std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  std::vector<std::pair<CLI::App*, RunFn>> runners;
  for (auto& entry : list) {
    CLI::App* sub = cli.add_subcommand(entry.name, entry.description);
    runners.emplace_back(sub, entry.setup(*sub));
  }

  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli.exit(e);  // 0
  } catch (const CLI::CallForAllHelp& e) {
    return cli.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return cli.exit(e);
  } catch (const CLI::ParseError& e) {
    cli.exit(e);  // prints the message and the usage
    return kExitBadInput;
  }

  // The shipped samples name files across maps/ and assets/: never "outside"
  // (core/sim/references.h).
  core::trustFolder(app::dataDir());
  for (auto& [sub, run] : runners) {
    if (!sub->parsed()) continue;
    try {
      return run();
    } catch (const std::bad_alloc&) {
      // The limits (docs/limits.md) should refuse a run this large before it
      // starts; when the machine has less memory than they allow, say so plainly.
      std::fprintf(stderr,
                   "collido %s: out of memory: the input is too large for this machine "
                   "(docs/limits.md lists the limits; try fewer frames, entities or a smaller "
                   "room)\n",
                   sub->get_name().c_str());
      return kExitBadInput;
    } catch (const std::exception& e) {
      // Commands report user errors themselves; this is the last line of defence.
      std::fprintf(stderr, "collido %s: %s\n", sub->get_name().c_str(), e.what());
      return kExitBadInput;
    }
  }
  return kExitBadInput;
}
