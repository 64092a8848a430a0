// Where a failing audit case ended in the routine's source: the case is run
// again with an instruction trace, and the source line (from the image's debug
// info) of the last instruction that changed entity 0's x or y field is taken
// as the line that decided where the routine left the entity; when none changed
// them, the last that wrote them; when none wrote them, the line of the last
// instruction the call ran. SARIF reports
// (report_sarif.h) point at it so code-hosting sites annotate the line.
//
//   CaseSourceLocator loc;
//   if (loc.init(scenario, image, &error)) auto where = loc.locate(failure.c);
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "core/check/audit.h"

namespace core {

struct CaseSource {
  std::string file;  // as the debug info names it
  int line = 0;
  uint16_t pc = 0;
  bool wroteXY = false;  // the line wrote x or y (else: the call's last instruction)
};

class CaseSourceLocator {
 public:
  CaseSourceLocator();
  ~CaseSourceLocator();
  bool init(const Scenario& scenario, const AsmResult& image, std::string* error);
  std::optional<CaseSource> locate(const AuditCase& c);

 private:
  Scenario scenario_;
  const AsmResult* image_ = nullptr;
  std::unique_ptr<Simulation> sim_;
};

}  // namespace core
