// The routine editor's plumbing: every file the build reads is a tab (included
// ones too), unsaved buffers reach the assembler through core::buildRoutine's
// reader, diagnostics name the edited file and line, a diagnostic maps back to
// an editor tab and a cursor offset, cursor offsets give line and column, and
// the audit job runs the image assembled from the buffers.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app/gui/routine_editor.h"
#include "app/tests/temp_dir_test.h"
#include "core/asm/ca65/ca65.h"
#include "core/sim/simulation.h"
#include "core/util/files.h"
#include "core/workspace/audit_job.h"

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
    return core::buildRoutine(manifest_, app::editorReader(editor_));
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

// Issue 21: Revert gives the file its disk text back, and the failed
// assembly's diagnostics in it (the red gutter marks) go with the text they
// were about; New room and opening another document drop them all.
TEST_F(RoutineEditor, RevertingABrokenBufferClearsItsDiagnostics) {
  if (!core::ca65Available()) GTEST_SKIP() << core::ca65MissingMessage("ca65");
  const int broken = int(editor_.files.size()) - 1;
  app::EditorFile& f = editor_.files[size_t(broken)];
  f.text.insert(size_t(app::textOffset(f.text, 2, 1)), "        bogus_op #1\n");
  core::AsmResult r = assembleBuffers();
  ASSERT_FALSE(r.ok);
  editor_.diagnostics = r.diagnostics;
  // One that names another file stays: its file was not reverted.
  core::Diagnostic other;
  other.loc.file = "elsewhere.s";
  other.loc.line = 3;
  other.message = "not in this file";
  editor_.diagnostics.push_back(other);
  editor_.current = broken;
  editor_.jumpOffset = 5;
  const size_t inFile = r.diagnostics.size();
  EXPECT_EQ(app::revertEditorFile(editor_, broken), int(inFile));
  EXPECT_FALSE(editor_.files[size_t(broken)].dirty());
  ASSERT_EQ(editor_.diagnostics.size(), 1u);
  EXPECT_EQ(editor_.diagnostics.front().loc.file, "elsewhere.s");
  EXPECT_EQ(editor_.jumpOffset, -1);
  EXPECT_TRUE(assembleBuffers().ok);
  EXPECT_EQ(app::revertEditorFile(editor_, 99), 0);  // no such tab: nothing happens
  app::discardEditorFiles(editor_);                  // New room, Open: the document is replaced
  EXPECT_TRUE(editor_.diagnostics.empty());
}

namespace fs = std::filesystem;

// An edited buffer is unsaved work: the document counts as dirty and the
// "save changes?" check asks before Open, New or Quit would drop it; saving
// writes it, and discarding forgets it.
TEST_F(RoutineEditor, AnEditedBufferMakesTheDocumentAskBeforeClosing) {
  EXPECT_EQ(app::unsavedFileCount(editor_), 0);
  EXPECT_FALSE(app::needsSaveBeforeClosing(false, editor_));
  EXPECT_TRUE(app::needsSaveBeforeClosing(true, editor_));

  // Work on copies so the sample stays untouched.
  const fs::path dir =
      fs::temp_directory_path() / ("collidoscope_editor_ask_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  for (app::EditorFile& f : editor_.files) {
    const fs::path copy = dir / fs::path(f.path).filename();
    fs::copy_file(f.path, copy, fs::copy_options::overwrite_existing);
    f.path = copy.string();
  }
  app::EditorFile& f = editor_.files.front();
  f.text += "\n; an edit\n";
  EXPECT_EQ(app::unsavedFileCount(editor_), 1);
  EXPECT_TRUE(app::needsSaveBeforeClosing(false, editor_))
      << "an unsaved routine buffer must make the prompt ask";

  std::string error;
  ASSERT_TRUE(app::saveUnsavedFiles(editor_, &error)) << error;
  EXPECT_EQ(app::unsavedFileCount(editor_), 0);
  EXPECT_FALSE(app::needsSaveBeforeClosing(false, editor_));
  EXPECT_EQ(core::readTextFile(f.path).value_or(""), f.text);

  editor_.files.back().text += "; another\n";
  editor_.showEditor = true;
  EXPECT_TRUE(app::needsSaveBeforeClosing(false, editor_));
  app::discardEditorFiles(editor_);
  EXPECT_FALSE(app::needsSaveBeforeClosing(false, editor_));
  EXPECT_TRUE(editor_.manifestPath.empty()) << "the next sync reloads the files from disk";
  EXPECT_TRUE(editor_.showEditor);
  std::error_code ec;
  fs::remove_all(dir, ec);
}

using app::test::repoFile;

app::EditorFile& fileNamed(app::RoutineEditorState& s, const std::string& name) {
  for (app::EditorFile& f : s.files)
    if (fs::path(f.path).filename() == name) return f;
  ADD_FAILURE() << "no tab " << name;
  return s.files.front();
}

TEST(RoutineEditorIncludes, IncludedFilesAreTabsAndTheirBuffersAreAssembled) {
  core::RoutineManifest m;
  std::string error;
  ASSERT_TRUE(
      core::loadManifest(repoFile("assets/routines/seed004_swept/manifest.json"), m, &error))
      << error;
  app::RoutineEditorState editor;
  ASSERT_TRUE(app::loadEditorFiles(editor, m, &error)) << error;
  ASSERT_EQ(editor.files.size(), m.sources.size() + 1);  // + cells.inc, once
  app::EditorFile& inc = editor.files.back();
  EXPECT_EQ(fs::path(inc.path).filename(), "cells.inc");
  EXPECT_TRUE(inc.included);
  EXPECT_FALSE(editor.files.front().included);
  ASSERT_TRUE(core::buildRoutine(m, app::editorReader(editor)).ok);

  // Break line 3 of the unsaved include: the error names the include's tab and line.
  const int lineStart = app::textOffset(inc.text, 3, 1);
  inc.text.insert(size_t(lineStart), "DEF BROKEN EQU\n");
  EXPECT_TRUE(app::hasUnassembledEdits(editor));
  core::AsmResult r = core::buildRoutine(m, app::editorReader(editor));
  ASSERT_FALSE(r.ok);
  ASSERT_FALSE(r.diagnostics.empty());
  const core::Diagnostic& d = r.diagnostics.front();
  EXPECT_EQ(app::fileForDiagnostic(editor, d.loc.file), int(editor.files.size()) - 1) << d.str();
  EXPECT_EQ(d.loc.line, 3) << d.str();
}

TEST(RoutineEditorIncludes, AnIncludeTypedIntoABufferOpensItsTab) {
  const fs::path dir = fs::temp_directory_path() / "collido-editor-includes";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "top.s") << "  lda #1\n";
  std::ofstream(dir / "extra.inc") << "EXTRA = 2\n";
  core::RoutineManifest m;
  m.path = (dir / "manifest.json").string();
  m.toolchain = "ca65";
  m.sources = {(dir / "top.s").string()};
  app::RoutineEditorState editor;
  std::string error;
  ASSERT_TRUE(app::loadEditorFiles(editor, m, &error)) << error;
  EXPECT_EQ(editor.files.size(), 1u);
  editor.files[0].text = ".include \"extra.inc\"\n" + editor.files[0].text;
  EXPECT_EQ(app::addIncludedFiles(editor, m.sources), 1);
  ASSERT_EQ(editor.files.size(), 2u);
  EXPECT_EQ(fileNamed(editor, "extra.inc").text, "EXTRA = 2\n");
  EXPECT_EQ(app::addIncludedFiles(editor, m.sources), 0);  // already open
  fs::remove_all(dir);
}

TEST(RoutineEditorAudit, TheAuditJobRunsTheImageAssembledFromTheBuffers) {
  if (!core::ca65Available()) GTEST_SKIP() << core::ca65MissingMessage("ca65");
  core::Scenario sc;
  std::string error;
  ASSERT_TRUE(core::loadScenario(repoFile("maps/seed002_castle.scenario.json"), sc, &error))
      << error;
  app::RoutineEditorState editor;
  ASSERT_TRUE(app::loadEditorFiles(editor, sc.manifest, &error)) << error;
  core::AuditOptions o;
  o.stride = 8;
  o.maxSpeed = 2;
  o.diagonals = false;
  auto audit = [&](const core::AsmResult& image) {
    core::AuditJob job;
    job.start(sc, image, o);
    job.wait();
    auto r = job.take();
    EXPECT_TRUE(r && r->ok) << (r ? r->error : "no result");
    return r;
  };
  const core::AsmResult saved = core::buildRoutine(sc.manifest, app::editorReader(editor));
  ASSERT_TRUE(saved.ok) << saved.diagnosticsText();
  auto before = audit(saved);
  ASSERT_TRUE(before);
  EXPECT_EQ(before->count(core::Verdict::Ok), before->cases);

  // The unsaved edit makes the collision check return at once.
  app::EditorFile& f = fileNamed(editor, "collision.s");
  const size_t proc = f.text.find(".proc Collision_Detection");
  ASSERT_NE(proc, std::string::npos);
  f.text.insert(f.text.find('\n', proc) + 1, "        rts\n");
  EXPECT_TRUE(app::hasUnassembledEdits(editor));
  const core::AsmResult edited = core::buildRoutine(sc.manifest, app::editorReader(editor));
  ASSERT_TRUE(edited.ok) << edited.diagnosticsText();
  app::markAssembled(editor);
  EXPECT_FALSE(app::hasUnassembledEdits(editor));
  EXPECT_TRUE(f.dirty());  // assembled, still not saved
  auto after = audit(edited);
  ASSERT_TRUE(after);
  EXPECT_EQ(after->cases, before->cases);
  EXPECT_GT(after->count(core::Verdict::Clip) + after->count(core::Verdict::Tunnel), 0u);
}

TEST(RoutineEditorText, CursorOffsetsGiveLineAndColumn) {
  const std::string text = "ab\ncdef\n\nxyz";
  EXPECT_EQ(app::lineCount(text), 4);
  EXPECT_EQ(app::lineCount(""), 1);
  EXPECT_EQ(app::lineCount("a\n"), 2);
  for (auto [line, col] : {std::pair{1, 1}, {1, 3}, {2, 1}, {2, 4}, {3, 1}, {4, 3}}) {
    const app::TextPosition p = app::textPosition(text, app::textOffset(text, line, col));
    EXPECT_EQ(p.line, line);
    EXPECT_EQ(p.col, col);
  }
  EXPECT_EQ(app::textPosition(text, 999).line, 4);  // clamped to the end
  EXPECT_EQ(app::textPosition(text, 999).col, 4);
  EXPECT_EQ(app::textPosition(text, -5).line, 1);
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
  s.files.push_back({"/r/a/collision.s", "", "", "", false, 0});
  s.files.push_back({"/r/a/frame.s", "", "", "", false, 0});
  EXPECT_EQ(app::fileForDiagnostic(s, "/r/a/frame.s"), 1);
  EXPECT_EQ(app::fileForDiagnostic(s, "collision.s"), 0);
  EXPECT_EQ(app::fileForDiagnostic(s, "other.s"), -1);
}

}  // namespace
