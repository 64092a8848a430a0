// collidoscope: the GUI. Parses the command line, owns the GLFW window and the
// ImGui context, and runs the frame loop. Panels live in panel_*.cpp.
#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <string>

#include "app/common/paths.h"
#include "app/gui/gui_app.h"
#include "app/gui/screenshot.h"

namespace {

void glfwErrorCallback(int code, const char* description) {
  std::fprintf(stderr, "collidoscope: GLFW error %d: %s\n", code, description);
}

}  // namespace

int main(int argc, char** argv) {
  app::LaunchOptions opts;
  CLI::App cli{"collidoscope: a debugger and sandbox for NES and Game Boy tile collision"};
  cli.set_version_flag("--version", COLLIDOSCOPE_VERSION);
  cli.add_option("scenario", opts.scenario, "Scenario to open (maps/*.json)");
  cli.add_option("--open", opts.scenario, "Scenario to open");
  cli.add_option("--frames", opts.frames, "Render N frames, then exit")->check(CLI::PositiveNumber);
  cli.add_option("--screenshot", opts.screenshot, "Write a PNG of the last frame, then exit");
  cli.add_option("--frame", opts.frame, "Select frame N of the recording")
      ->check(CLI::NonNegativeNumber);
  cli.add_option("--step-instructions", opts.stepInstructions,
                 "Step into K instructions of the selected call")
      ->check(CLI::NonNegativeNumber);
  cli.add_option("--width", opts.width, "Window width")->check(CLI::Range(320, 8192));
  cli.add_option("--height", opts.height, "Window height")->check(CLI::Range(240, 8192));
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = cli.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (!opts.screenshot.empty() && opts.frames == 0) opts.frames = 10;

  glfwSetErrorCallback(glfwErrorCallback);
  if (!glfwInit()) {
    std::fprintf(stderr,
                 "collidoscope: cannot initialise GLFW (is there a display? try xvfb-run)\n");
    return 2;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  GLFWwindow* window = glfwCreateWindow(opts.width, opts.height, "Collidoscope", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "collidoscope: cannot create an OpenGL 3.3 window\n");
    glfwTerminate();
    return 2;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(opts.frames > 0 ? 0 : 1);
  if (!gladLoadGL(glfwGetProcAddress)) {
    std::fprintf(stderr, "collidoscope: cannot load OpenGL functions\n");
    glfwDestroyWindow(window);
    glfwTerminate();
    return 2;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  std::string iniError;
  static std::string iniPath = app::userImguiIni(&iniError);
  if (!iniError.empty()) std::fprintf(stderr, "collidoscope: %s\n", iniError.c_str());
  ImGui::GetIO().IniFilename = iniPath.empty() ? nullptr : iniPath.c_str();
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  int exitCode = 0;
  {
    app::GuiApp gui(window, opts);
    for (int frame = 0; !glfwWindowShouldClose(window); ++frame) {
      glfwPollEvents();
      ImGui_ImplOpenGL3_NewFrame();
      ImGui_ImplGlfw_NewFrame();
      ImGui::NewFrame();
      gui.drawFrame();
      ImGui::Render();
      int fbw = 0, fbh = 0;
      glfwGetFramebufferSize(window, &fbw, &fbh);
      glViewport(0, 0, fbw, fbh);
      glClearColor(0.08f, 0.09f, 0.10f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());

      bool last = opts.frames > 0 && frame + 1 >= opts.frames;
      if (last && !opts.screenshot.empty()) {
        std::string error;
        if (app::writeFramebufferPng(opts.screenshot, fbw, fbh, &error)) {
          std::printf("screenshot: %s (%dx%d)\n", opts.screenshot.c_str(), fbw, fbh);
        } else {
          std::fprintf(stderr, "collidoscope: %s\n", error.c_str());
          exitCode = 2;
        }
      }
      glfwSwapBuffers(window);
      if (last || gui.quitRequested()) break;
    }
  }

  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exitCode;
}
