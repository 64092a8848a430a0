// Runs a command line for the app tests and captures its output and exit code.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace app::test {

struct ProcessResult {
  int exitCode = -1;
  std::string output;  // stdout and stderr together
};

inline ProcessResult runProcess(const std::string& command) {
  ProcessResult result;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return result;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) result.output.append(buf.data(), n);
  int status = ::pclose(pipe);
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  // A GUI run (guiCommand) reports the program's own status on a marker line:
  // that status is the result, and the line is not part of the output.
  const std::string marker = "__collidoscope_gui_exit=";
  const size_t at = result.output.rfind(marker);
  if (at != std::string::npos && (at == 0 || result.output[at - 1] == '\n')) {
    const size_t end = result.output.find('\n', at);
    result.exitCode = std::atoi(result.output.c_str() + at + marker.size());
    result.output.erase(at, end == std::string::npos ? std::string::npos : end - at + 1);
  }
  return result;
}

inline std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

inline bool haveXvfbRun() {
  return std::system("command -v xvfb-run >/dev/null 2>&1") == 0;
}

// The GUI `exe` with `args` under a virtual X server of `screen` (WxHxDEPTH),
// with its config (imgui.ini, recent.json) in `configHome` so the user's files
// are never touched. xvfb-run's own status is not always the program's: when its
// clean-up of its temporary folder races another xvfb-run (ctest -j), it exits 5
// after a program that exited 0 or 2. So the program's status is echoed on a
// marker line, which runProcess takes as the result.
inline std::string guiCommand(const std::string& exe, const std::string& configHome,
                              const std::string& args, const std::string& screen = "1600x900x24") {
  return "XDG_CONFIG_HOME=" + quote(configHome) + " xvfb-run -a -s '-screen 0 " + screen +
         "' /bin/sh -c '\"$0\" \"$@\"; echo __collidoscope_gui_exit=$?' " + quote(exe) + " " + args;
}

}  // namespace app::test
