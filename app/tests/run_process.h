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

// The GUI `exe` with `args` under a virtual 1600x900 X server, with its config
// (imgui.ini, recent.json) in `configHome` so the user's files are never touched.
inline std::string guiCommand(const std::string& exe, const std::string& configHome,
                              const std::string& args) {
  return "XDG_CONFIG_HOME=" + quote(configHome) + " xvfb-run -a -s '-screen 0 1600x900x24' " +
         quote(exe) + " " + args;
}

}  // namespace app::test
