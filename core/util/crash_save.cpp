#include "core/util/crash_save.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <filesystem>
#include <memory>

namespace core {

namespace {

// A staged text. Retired slots are freed two stagings later, so a handler
// running on another thread never reads a freed buffer.
struct Slot {
  std::unique_ptr<char[]> data;
  size_t size = 0;
};

std::atomic<Slot*> gStaged{nullptr};
std::unique_ptr<Slot> gCurrent, gRetired;  // owners of the staged slot and the one before
std::atomic<bool> gWriting{false};         // a handler is writing: nothing is freed
char gFile[PATH_MAX];
char gTemp[PATH_MAX];
char gDir[PATH_MAX];
bool gInstalled = false;

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTERM, SIGINT, SIGHUP};
constexpr size_t kAltStackBytes = 64 * 1024;

// Only async-signal-safe calls from here on.
bool writeStaged() {
  const Slot* slot = gStaged.load();
  if (!slot || slot->size == 0 || gFile[0] == 0) return false;
  const int fd = ::open(gTemp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  size_t done = 0;
  while (done < slot->size) {
    const ssize_t n = ::write(fd, slot->data.get() + done, slot->size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += size_t(n);
  }
  const bool ok = done == slot->size && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok || ::rename(gTemp, gFile) != 0) {
    ::unlink(gTemp);
    return false;
  }
  if (const int dir = ::open(gDir, O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return true;
}

extern "C" void onCrashSignal(int sig) {
  const int savedErrno = errno;
  // One writer: a second crashing thread goes straight to the default action.
  if (!gWriting.exchange(true)) writeStaged();
  errno = savedErrno;
  // SA_RESETHAND put the default action back; the signal is blocked while we
  // run, so it is delivered as soon as this handler returns.
  ::raise(sig);
}

// A stack for the handler when the thread's own is used up: a stack overflow
// faults on the guard page, and a handler run on that stack would fault again
// before writing a byte. 64 KiB is far more than open/write/fsync/rename need.
bool installAltStack(std::string* error) {
  thread_local bool done = false;
  if (done) return true;
  stack_t current{};
  if (::sigaltstack(nullptr, &current) == 0 && !(current.ss_flags & SS_DISABLE) &&
      current.ss_size >= kAltStackBytes) {
    done = true;  // the thread has one already (a sanitizer's, say)
    return true;
  }
  // Never freed: the thread may crash at any time until it ends.
  auto* stack = new char[kAltStackBytes];
  stack_t ss{};
  ss.ss_sp = stack;
  ss.ss_size = kAltStackBytes;
  if (::sigaltstack(&ss, nullptr) != 0) {
    if (error) *error = std::string("cannot install a signal stack: ") + std::strerror(errno);
    delete[] stack;
    return false;
  }
  done = true;
  return true;
}

bool copyPath(char* out, const std::string& in) {
  if (in.size() + 1 > PATH_MAX) return false;
  std::memcpy(out, in.c_str(), in.size() + 1);
  return true;
}

}  // namespace

bool installCrashSave(const std::string& file, std::string* error) {
  const std::string temp = file + ".crash-tmp";
  const size_t slash = file.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : file.substr(0, slash + 1);
  if (temp.size() + 1 > PATH_MAX) {
    if (error) *error = file + ": path too long for the crash save";
    return false;
  }
  // The handler cannot make folders: the file's must exist before a crash.
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    if (error) *error = dir + ": cannot create: " + ec.message();
    return false;
  }
  // Set the names while no text is staged, so a signal never sees half a path.
  Slot* staged = gStaged.exchange(nullptr);
  copyPath(gFile, file);
  copyPath(gTemp, temp);
  copyPath(gDir, dir);
  gStaged.store(staged);
  if (!installAltStack(error)) return false;
  if (gInstalled) return true;
  struct sigaction sa {};
  sa.sa_handler = onCrashSignal;
  sigemptyset(&sa.sa_mask);
  // SA_ONSTACK: on the alternate stack of the thread that faulted (a stack
  // overflow leaves none of its own).
  sa.sa_flags = SA_RESETHAND | SA_ONSTACK;
  for (int sig : kSignals)
    if (::sigaction(sig, &sa, nullptr) != 0) {
      if (error) *error = std::string("cannot install a handler for ") + strsignal(sig);
      return false;
    }
  gInstalled = true;
  return true;
}

void stageCrashSave(const std::string& text) {
  if (gWriting.load()) return;  // a handler is reading the staged slot
  std::unique_ptr<Slot> slot;
  if (!text.empty()) {
    slot = std::make_unique<Slot>();
    slot->data = std::make_unique<char[]>(text.size());
    std::memcpy(slot->data.get(), text.data(), text.size());
    slot->size = text.size();
  }
  gStaged.store(slot.get());
  gRetired = std::move(gCurrent);
  gCurrent = std::move(slot);
}

bool installCrashSaveStack(std::string* error) {
  return installAltStack(error);
}

}  // namespace core
