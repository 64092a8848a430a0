#include <gtest/gtest.h>

#include "app/tests/run_process.h"

using app::test::runProcess;

TEST(Cli, HelpListsSubcommandsAndExitsZero) {
  auto r = runProcess(std::string(COLLIDO_EXE) + " --help");
  EXPECT_EQ(r.exitCode, 0) << r.output;
  EXPECT_NE(r.output.find("version"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("exec"), std::string::npos) << r.output;
}

TEST(Cli, VersionPrintsTheVersion) {
  auto r = runProcess(std::string(COLLIDO_EXE) + " version");
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.output.find("collido "), std::string::npos) << r.output;
}

TEST(Cli, WrongFlagPrintsUsageAndExitsTwo) {
  auto r = runProcess(std::string(COLLIDO_EXE) + " --no-such-flag");
  EXPECT_EQ(r.exitCode, 2) << r.output;
  EXPECT_NE(r.output.find("Usage"), std::string::npos) << r.output;
}

TEST(Cli, UnknownSubcommandExitsTwo) {
  auto r = runProcess(std::string(COLLIDO_EXE) + " frobnicate");
  EXPECT_EQ(r.exitCode, 2) << r.output;
}

TEST(Cli, NoSubcommandExitsTwo) {
  auto r = runProcess(std::string(COLLIDO_EXE));
  EXPECT_EQ(r.exitCode, 2) << r.output;
}
