// Running external tools (ca65, ld65, rgbasm) without a shell: the program and
// its arguments go straight to posix_spawnp, so file names with spaces or shell
// characters are passed through untouched. stdout and stderr are captured
// separately; stdin reads /dev/null so a tool can never wait for input. The
// child leads a process group of its own, so a timeout kills everything it
// started (a shell's children, make's jobs), not just the child. Each stream
// keeps at most `maxCaptureBytes`, its head and its tail, while the pipe is
// still drained to the end.
//
//   ProcessResult r = runProcess({"ca65", "-g", "main.s", "-o", obj});
//   if (!r.started) report(r.error);            // not on PATH, not executable
//   else if (r.exitCode != 0) parse(r.err);
//
// TempDir is a scratch directory that removes itself (and everything in it).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace core {

struct ProcessOptions {
  int timeoutMs = 60000;  // its process group is killed (SIGKILL) after this long; <= 0: never
  size_t maxCaptureBytes = size_t(1) << 20;  // per stream: half from the head, half the tail
  std::string directory;                     // its working directory; empty: ours
};

struct ProcessResult {
  bool started = false;   // false: the program could not be run at all (see `error`)
  bool timedOut = false;  // killed because it ran longer than the timeout
  int exitCode = -1;      // exit status, or 128 + signal number when killed by a signal
  // Over the cap: the head, a line "[... N bytes left out ...]", the tail.
  std::string out;                          // captured stdout
  std::string err;                          // captured stderr
  uint64_t outDropped = 0, errDropped = 0;  // bytes left out of the middle of `out`, `err`
  std::string error;                        // why it did not start, or why it was killed
};

// Runs argv[0] (searched on PATH when it has no '/') with the remaining arguments.
ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessOptions& opts = {});

// The full path of `program`: itself when it contains a '/', else the first
// executable match on PATH. Empty when there is none.
std::string findExecutable(const std::string& program);

class TempDir {
 public:
  // A fresh directory under $TMPDIR (or /tmp), or nullopt with `error` set.
  static std::optional<TempDir> create(const std::string& prefix, std::string* error = nullptr);
  // Keeps an existing directory as-is and never deletes it.
  static TempDir existing(const std::string& path);

  TempDir(TempDir&& other) noexcept;
  TempDir& operator=(TempDir&& other) noexcept;
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir();

  const std::string& path() const { return path_; }
  // `path()/name`.
  std::string file(const std::string& name) const;

 private:
  TempDir(std::string path, bool owned) : path_(std::move(path)), owned_(owned) {}
  void release();

  std::string path_;
  bool owned_ = false;
};

}  // namespace core
