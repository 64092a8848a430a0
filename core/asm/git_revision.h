// A file of the user's git project as it was at a revision, for comparing a
// routine before and after a change (`collido diff SCENARIO --rev-before REV`).
// Finds the repository holding the file (`git rev-parse --show-toplevel`),
// extracts the revision's whole tree into a scratch folder (`git archive`, then
// `tar -x`: the user's repository, index and worktree list are never touched),
// and names the file's copy there, so paths relative to it (a manifest's
// sources and includes) resolve inside that revision. The folder goes away
// with the checkout, also when a later step fails.
//
//   std::string error;
//   auto co = checkoutFileAtRevision("assets/routine/manifest.json", "HEAD~1", &error);
//   if (!co) report(error);      // not a repository, bad revision, file absent there
//   else loadManifest(co->file, ...);
#pragma once

#include <optional>
#include <string>

#include "core/asm/subprocess.h"

namespace core {

struct RevisionCheckout {
  TempDir dir;         // holds the revision's tree; removed with this object
  std::string file;    // the file's copy inside `dir`
  std::string commit;  // the full commit id the revision names
};

// `error` names the file, the revision and the repository, with git's own
// message when it gave one.
std::optional<RevisionCheckout> checkoutFileAtRevision(const std::string& file,
                                                       const std::string& revision,
                                                       std::string* error);

}  // namespace core
