// Where the user's own files go when the environment does not say
// (core/util/user_dirs.h): never the shared temp folder.
#include <gtest/gtest.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "core/tests/scoped_env.h"
#include "core/tests/temp_dir_test.h"
#include "core/util/user_dirs.h"

namespace fs = std::filesystem;

namespace core {
namespace {

using test::ScopedEnv;

class UserDirs : public test::TempDirTest {
 protected:
  UserDirs() : TempDirTest("collidoscope_user_dirs_") {}
  void SetUp() override {
    TempDirTest::SetUp();
    fs::create_directories(path("tmp"));
  }
  std::string stable() const {
    return path("tmp") + "/collidoscope-" + std::to_string(::geteuid());
  }
  static fs::perms perms(const std::string& p) {
    return fs::symlink_status(p).permissions() & fs::perms::all;
  }
};

TEST_F(UserDirs, HomeComesFromTheEnvironmentElseThePasswordDatabase) {
  {
    ScopedEnv home("HOME", path("home"));
    EXPECT_EQ(userHome(), path("home"));
  }
  const passwd* pw = ::getpwuid(::geteuid());
  const std::string expected = pw && pw->pw_dir && pw->pw_dir[0] == '/' ? pw->pw_dir : "";
  for (const char* value : {static_cast<const char*>(nullptr), "", "relative/home"}) {
    SCOPED_TRACE(value ? value : "(unset)");
    ScopedEnv home("HOME", value);
    EXPECT_EQ(userHome(), expected);
  }
}

TEST_F(UserDirs, AnXdgVariableMustBeAbsolute) {
  ScopedEnv home("HOME", path("home"));
  {
    ScopedEnv state("XDG_STATE_HOME", path("state"));
    EXPECT_EQ(userBaseDir("XDG_STATE_HOME", ".local/state"), path("state"));
  }
  ScopedEnv state("XDG_STATE_HOME", "state");  // relative: ignored, as the spec says
  EXPECT_EQ(userBaseDir("XDG_STATE_HOME", ".local/state"), path("home") + "/.local/state");
}

TEST_F(UserDirs, ThePrivateFolderIsMadeForThisUserAlone) {
  ScopedEnv tmp("TMPDIR", path("tmp"));
  std::string error;
  EXPECT_EQ(privateTempDir(&error), stable()) << error;
  EXPECT_EQ(perms(stable()), fs::perms::owner_all);
  EXPECT_EQ(privateTempDir(&error), stable()) << "the same folder the next time";
}

TEST_F(UserDirs, ASharedOrPlantedFolderIsNeverUsed) {
  ScopedEnv tmp("TMPDIR", path("tmp"));
  std::string error;
  // Open to others: someone may have put files in it.
  fs::create_directory(stable());
  fs::permissions(stable(), fs::perms::owner_all | fs::perms::group_all | fs::perms::others_all);
  std::string dir = privateTempDir(&error);
  ASSERT_FALSE(dir.empty()) << error;
  EXPECT_NE(dir, stable());
  EXPECT_EQ(perms(dir), fs::perms::owner_all);
  EXPECT_EQ(fs::path(dir).parent_path(), fs::path(path("tmp")));
  // A link planted where the folder would be.
  fs::remove(stable());
  fs::create_directory(path("elsewhere"));
  fs::create_directory_symlink(path("elsewhere"), stable());
  dir = privateTempDir(&error);
  ASSERT_FALSE(dir.empty()) << error;
  EXPECT_NE(dir, stable());
  EXPECT_NE(fs::path(dir), fs::path(path("elsewhere")));
}

TEST_F(UserDirs, WithNoHomeAtAllTheBaseIsThePrivateFolder) {
  // No HOME: the password database's home (root's, the build user's) when it
  // has one; the test can only check that the result is never the shared folder.
  ScopedEnv home("HOME", nullptr);
  ScopedEnv state("XDG_STATE_HOME", nullptr);
  ScopedEnv tmp("TMPDIR", path("tmp"));
  const std::string base = userBaseDir("XDG_STATE_HOME", ".local/state");
  const std::string pwHome = userHome();
  if (pwHome.empty())
    EXPECT_EQ(base, stable() + "/.local/state");
  else
    EXPECT_EQ(base, pwHome + "/.local/state");
  EXPECT_NE(fs::path(base).parent_path().parent_path(), fs::path(path("tmp")));
}

}  // namespace
}  // namespace core
