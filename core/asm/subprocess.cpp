#include "core/asm/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

extern char** environ;

namespace core {
namespace {

struct Pipe {
  int read = -1, write = -1;
  ~Pipe() { closeBoth(); }
  void closeBoth() {
    if (read >= 0) ::close(read);
    if (write >= 0) ::close(write);
    read = write = -1;
  }
  void closeWrite() {
    if (write >= 0) ::close(write);
    write = -1;
  }
};

bool openPipe(Pipe& p) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  p.read = fds[0];
  p.write = fds[1];
  return true;
}

// One stream's capture: the first half of the cap as it comes, then a window
// holding the latest bytes, so a tool printing without end costs no more memory.
class CappedSink {
 public:
  explicit CappedSink(size_t cap) : headCap_(cap / 2), tailCap_(cap - cap / 2) {}
  void append(const char* data, size_t n) {
    const size_t toHead = std::min(n, headCap_ - head_.size());
    head_.append(data, toHead);
    data += toHead;
    n -= toHead;
    if (n == 0) return;
    tail_.append(data, n);
    if (tail_.size() > tailCap_ && tail_.size() - tailCap_ >= tailCap_) trim();  // now and then
  }
  std::string take(uint64_t& dropped) {
    if (tail_.size() > tailCap_) trim();
    dropped = dropped_;
    if (dropped_ == 0) return head_ + tail_;
    return head_ + "\n[... " + std::to_string(dropped_) + " bytes left out ...]\n" + tail_;
  }

 private:
  void trim() {
    dropped_ += tail_.size() - tailCap_;
    tail_.erase(0, tail_.size() - tailCap_);
  }

  size_t headCap_, tailCap_;
  std::string head_, tail_;
  uint64_t dropped_ = 0;
};

bool isExecutableFile(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::string findExecutable(const std::string& program) {
  if (program.empty()) return {};
  if (program.find('/') != std::string::npos) return isExecutableFile(program) ? program : "";
  const char* env = std::getenv("PATH");
  std::string path = env ? env : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find(':', start);
    if (end == std::string::npos) end = path.size();
    std::string dir = path.substr(start, end - start);
    if (dir.empty()) dir = ".";
    std::string candidate = dir + "/" + program;
    if (isExecutableFile(candidate)) return candidate;
    start = end + 1;
  }
  return {};
}

ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessOptions& opts) {
  ProcessResult r;
  if (argv.empty() || argv[0].empty()) {
    r.error = "no program given";
    return r;
  }
  // Resolving first gives a clear "not found" instead of a spawn errno.
  std::string exe = findExecutable(argv[0]);
  if (exe.empty()) {
    r.error = argv[0] + " not found" +
              (argv[0].find('/') == std::string::npos ? " on PATH" : " or not executable");
    return r;
  }

  Pipe out, err;
  if (!openPipe(out) || !openPipe(err)) {
    r.error = std::string("cannot create pipe: ") + std::strerror(errno);
    return r;
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.write, 1);
  posix_spawn_file_actions_adddup2(&actions, err.write, 2);
  if (!opts.directory.empty())
    posix_spawn_file_actions_addchdir_np(&actions, opts.directory.c_str());
  // A group of its own: a timeout then kills the child's children too.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);

  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  pid_t pid = -1;
  int rc = ::posix_spawn(&pid, exe.c_str(), &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    r.error = "cannot run " + argv[0] + ": " + std::strerror(rc);
    return r;
  }
  r.started = true;
  out.closeWrite();
  err.closeWrite();

  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::milliseconds(opts.timeoutMs);
  pollfd fds[2] = {{out.read, POLLIN, 0}, {err.read, POLLIN, 0}};
  CappedSink sinks[2] = {CappedSink(opts.maxCaptureBytes), CappedSink(opts.maxCaptureBytes)};
  int open = 2;
  char buf[8192];
  while (open > 0) {
    int wait = -1;
    if (opts.timeoutMs > 0) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) {
        ::kill(-pid, SIGKILL);
        r.timedOut = true;
        r.error = argv[0] + " timed out after " + std::to_string(opts.timeoutMs) + " ms";
        break;
      }
      wait = static_cast<int>(left.count());
    }
    int n = ::poll(fds, 2, wait);
    if (n < 0) {
      if (errno == EINTR) continue;
      ::kill(-pid, SIGKILL);
      r.error = std::string("poll failed: ") + std::strerror(errno);
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t got = ::read(fds[i].fd, buf, sizeof buf);
      if (got > 0) {
        sinks[i].append(buf, static_cast<size_t>(got));
      } else if (got == 0 || errno != EINTR) {
        fds[i].fd = -1;  // poll ignores negative descriptors
        --open;
      }
    }
  }

  r.out = sinks[0].take(r.outDropped);
  r.err = sinks[1].take(r.errDropped);

  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status))
    r.exitCode = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    r.exitCode = 128 + WTERMSIG(status);
  return r;
}

std::optional<TempDir> TempDir::create(const std::string& prefix, std::string* error) {
  const char* env = std::getenv("TMPDIR");
  std::string base = env && *env ? env : "/tmp";
  std::string tmpl = base + "/" + (prefix.empty() ? std::string("collido") : prefix) + "-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  if (!::mkdtemp(buf.data())) {
    if (error)
      *error = "cannot create a temporary directory in " + base + ": " + std::strerror(errno);
    return std::nullopt;
  }
  return TempDir(std::string(buf.data()), true);
}

TempDir TempDir::existing(const std::string& path) {
  return TempDir(path, false);
}

TempDir::TempDir(TempDir&& other) noexcept : path_(std::move(other.path_)), owned_(other.owned_) {
  other.owned_ = false;
  other.path_.clear();
}

TempDir& TempDir::operator=(TempDir&& other) noexcept {
  if (this != &other) {
    release();
    path_ = std::move(other.path_);
    owned_ = other.owned_;
    other.owned_ = false;
    other.path_.clear();
  }
  return *this;
}

TempDir::~TempDir() {
  release();
}

void TempDir::release() {
  if (owned_ && !path_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  owned_ = false;
}

std::string TempDir::file(const std::string& name) const {
  return path_ + "/" + name;
}

}  // namespace core
