#include "core/asm/rgbds/sm83_reporter.h"

#include "core/asm/rgbds/sm83_fstack.h"

namespace core::sm83 {

namespace {
constexpr int kMaxErrors = 200;
}  // namespace

void Reporter::error(int col, std::string msg) {
  if (fatal_) return;
  prog_.error(at(col), std::move(msg));
  if (contexts_) contexts_->notes(prog_);
  if (++errors_ >= kMaxErrors) {
    prog_.error(at(0), "too many errors, stopping");
    fatal_ = true;
  }
}

void Reporter::warning(int col, std::string msg) {
  prog_.diag(Diagnostic::Severity::Warning, at(col), std::move(msg));
  if (contexts_) contexts_->notes(prog_);
}

void Reporter::errorAt(const SrcPos& where, std::string msg) {
  prog_.error(where, std::move(msg));
  ++errors_;
}

}  // namespace core::sm83
