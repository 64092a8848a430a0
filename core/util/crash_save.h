// The last words of a crashing app: a text prepared in advance (a recovery
// copy, core/workspace/recovery.h) written to a file from a signal handler.
//
// A handler may only make async-signal-safe calls, so it can neither
// serialise a document nor allocate: the app stages the finished text while it
// runs normally (stageCrashSave), and the handler only open()s, write()s,
// fsync()s and rename()s it into place, then re-raises the signal with its
// default action (a core dump, or the exit status of SIGTERM). It covers the
// crash signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) and the polite
// ones (SIGTERM, SIGINT, SIGHUP). SIGKILL cannot be caught: for it there is
// the last periodic autosave.
//
// The handlers run on an alternate signal stack (sigaltstack, SA_ONSTACK), so
// a stack overflow, which leaves the thread no stack to run a handler on, still
// writes the copy. installCrashSave gives the calling thread one; another
// thread that may overflow its stack calls installCrashSaveStack first.
//
// After a memory fault the heap may be corrupt; the handler reads only the
// staged buffer, which no code has written since it was staged, and a text
// staged but not written whole never reaches the file's name (it is written
// beside it and renamed).
#pragma once

#include <string>

namespace core {

// Sets the file the staged text goes to, creates its folder, gives the calling
// thread an alternate signal stack and installs the handlers (once per process;
// later calls only change the file). False with a message when the path is too
// long, the folder cannot be made or a handler or the stack cannot be installed.
bool installCrashSave(const std::string& file, std::string* error);
// Gives the calling thread an alternate signal stack (once per thread; kept
// while the thread runs), so a stack overflow there still reaches the handler.
bool installCrashSaveStack(std::string* error);
// Replaces the staged text; "" stages nothing (the handler then writes no file).
// Call from one thread.
void stageCrashSave(const std::string& text);

}  // namespace core
