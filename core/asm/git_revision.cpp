#include "core/asm/git_revision.h"

#include <filesystem>
#include <system_error>

namespace core {
namespace {

namespace fs = std::filesystem;

// The first line of git's stderr (its "fatal: ..." line), for messages.
std::string firstLine(const std::string& text) {
  const size_t end = text.find('\n');
  return text.substr(0, end);
}

std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.pop_back();
  return s;
}

}  // namespace

std::optional<RevisionCheckout> checkoutFileAtRevision(const std::string& file,
                                                       const std::string& revision,
                                                       std::string* error) {
  auto fail = [&](const std::string& msg) {
    *error = msg;
    return std::optional<RevisionCheckout>();
  };
  if (revision.empty()) return fail("an empty revision");
  if (revision[0] == '-') return fail("\"" + revision + "\" is not a revision");
  if (findExecutable("git").empty()) return fail("git is not on PATH");
  std::error_code ec;
  const fs::path abs = fs::weakly_canonical(fs::absolute(file, ec), ec);
  if (ec) return fail(file + ": " + ec.message());
  const std::string dir = abs.parent_path().string();
  if (!fs::is_directory(dir, ec)) return fail(file + ": its folder does not exist");

  ProcessResult r = runProcess({"git", "-C", dir, "rev-parse", "--show-toplevel"});
  if (!r.started) return fail("git: " + r.error);
  if (r.exitCode != 0)
    return fail(file + ": not in a git repository (git: " + firstLine(r.err) + ")");
  const fs::path top = fs::weakly_canonical(trimmed(r.out), ec);
  const fs::path rel = abs.lexically_relative(top);
  if (rel.empty() || *rel.begin() == "..")
    return fail(file + ": not inside the repository at " + top.string());

  r = runProcess(
      {"git", "-C", top.string(), "rev-parse", "--verify", "--quiet", revision + "^{commit}"});
  if (!r.started) return fail("git: " + r.error);
  if (r.exitCode != 0)
    return fail("\"" + revision + "\" is not a commit of the repository at " + top.string());
  RevisionCheckout co{TempDir::existing(""), "", trimmed(r.out)};

  // The path inside a tree is always '/'-separated, relative to the top.
  const std::string inTree = rel.generic_string();
  r = runProcess({"git", "-C", top.string(), "cat-file", "-e", co.commit + ":" + inTree});
  if (r.exitCode != 0)
    return fail(inTree + " is not in revision " + revision + " (" + co.commit.substr(0, 12) +
                ") of the repository at " + top.string());

  auto tmp = TempDir::create("collido_rev_", error);
  if (!tmp) return std::nullopt;
  co.dir = std::move(*tmp);
  const std::string tar = co.dir.file("revision.tar");
  const std::string tree = co.dir.file("tree");
  fs::create_directories(tree, ec);
  if (ec) return fail(tree + ": " + ec.message());
  r = runProcess({"git", "-C", top.string(), "archive", "--format=tar", "-o", tar, co.commit});
  if (!r.started || r.exitCode != 0)
    return fail("git archive " + revision + ": " + (r.started ? firstLine(r.err) : r.error));
  r = runProcess({"tar", "-xf", tar, "-C", tree});
  if (!r.started || r.exitCode != 0)
    return fail("tar: " + (r.started ? firstLine(r.err) : r.error));
  fs::remove(tar, ec);
  co.file = (fs::path(tree) / rel).string();
  return co;
}

}  // namespace core
