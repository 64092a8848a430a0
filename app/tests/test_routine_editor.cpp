// The routine editor's plumbing: unsaved buffers reach the assembler through
// core::buildRoutine's reader, diagnostics name the edited file and line, and
// a diagnostic maps back to an editor tab and a cursor offset.
#include <gtest/gtest.h>

#include "app/gui/routine_editor.h"
#include "core/asm/ca65.h"
#include "core/sim/simulation.h"

namespace {

class RoutineEditor : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string path =
        std::string(COLLIDOSCOPE_SOURCE_DIR) + "/assets/routines/seed002_mrn/manifest.json";
    std::string error;
    ASSERT_TRUE(core::loadManifest(path, manifest_, &error)) << error;
    ASSERT_TRUE(app::loadEditorFiles(editor_, manifest_, &error)) << error;
    ASSERT_EQ(editor_.files.size(), manifest_.sources.size());
  }
  core::AsmResult assembleBuffers() {
    return core::buildRoutine(manifest_, [this](const std::string& path) {
      for (const app::EditorFile& f : editor_.files)
        if (f.path == path) return std::optional<std::string>(f.text);
      return std::optional<std::string>();
    });
  }
  core::RoutineManifest manifest_;
  app::RoutineEditorState editor_;
};

TEST_F(RoutineEditor, UnsavedBufferIsAssembledAndItsErrorPointsIntoIt) {
  if (!core::ca65Available()) GTEST_SKIP() << core::ca65MissingMessage("ca65");
  ASSERT_TRUE(assembleBuffers().ok);
  app::EditorFile& f = editor_.files.back();
  EXPECT_FALSE(f.dirty());
  // Line 2 of the buffer becomes an unknown instruction; the file on disk is untouched.
  const int lineStart = app::textOffset(f.text, 2, 1);
  f.text.insert(size_t(lineStart), "        bogus_op #1\n");
  EXPECT_TRUE(f.dirty());
  core::AsmResult r = assembleBuffers();
  ASSERT_FALSE(r.ok);
  ASSERT_FALSE(r.diagnostics.empty());
  const core::Diagnostic& d = r.diagnostics.front();
  EXPECT_EQ(app::fileForDiagnostic(editor_, d.loc.file), int(editor_.files.size()) - 1) << d.str();
  EXPECT_EQ(d.loc.line, 2) << d.str();
}

TEST(RoutineEditorText, OffsetsOfLinesAndColumnsAreClamped) {
  const std::string text = "ab\ncdef\n\nxyz";
  EXPECT_EQ(app::textOffset(text, 1, 1), 0);
  EXPECT_EQ(app::textOffset(text, 2, 3), 5);
  EXPECT_EQ(app::textOffset(text, 2, 99), 7);  // end of line 2
  EXPECT_EQ(app::textOffset(text, 3, 1), 8);
  EXPECT_EQ(app::textOffset(text, 4, 2), 10);
  EXPECT_EQ(app::textOffset(text, 40, 1), int(text.size()));
}

TEST(RoutineEditorText, DiagnosticsFindTheirTabByPathOrFileName) {
  app::RoutineEditorState s;
  s.files.push_back({"/r/a/collision.s", "", ""});
  s.files.push_back({"/r/a/frame.s", "", ""});
  EXPECT_EQ(app::fileForDiagnostic(s, "/r/a/frame.s"), 1);
  EXPECT_EQ(app::fileForDiagnostic(s, "collision.s"), 0);
  EXPECT_EQ(app::fileForDiagnostic(s, "other.s"), -1);
}

}  // namespace
