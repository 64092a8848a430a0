#include "app/gui/gamepad_input.h"

#include <GLFW/glfw3.h>

#include "core/sim/gamepad.h"

namespace app {

// core's indices are GLFW's: the state copies across as it is.
static_assert(core::kPadA == GLFW_GAMEPAD_BUTTON_A && core::kPadB == GLFW_GAMEPAD_BUTTON_B &&
              core::kPadBack == GLFW_GAMEPAD_BUTTON_BACK &&
              core::kPadStart == GLFW_GAMEPAD_BUTTON_START &&
              core::kPadDpadUp == GLFW_GAMEPAD_BUTTON_DPAD_UP &&
              core::kPadDpadLeft == GLFW_GAMEPAD_BUTTON_DPAD_LEFT &&
              core::kPadButtonCount == GLFW_GAMEPAD_BUTTON_LAST + 1);
static_assert(core::kPadLeftX == GLFW_GAMEPAD_AXIS_LEFT_X &&
              core::kPadLeftY == GLFW_GAMEPAD_AXIS_LEFT_Y &&
              core::kPadAxisCount == GLFW_GAMEPAD_AXIS_LAST + 1);

GamepadReading readGamepad() {
  GamepadReading out;
  for (int j = GLFW_JOYSTICK_1; j <= GLFW_JOYSTICK_LAST; ++j) {
    if (!glfwJoystickIsGamepad(j)) continue;
    GLFWgamepadstate state;
    if (!glfwGetGamepadState(j, &state)) continue;
    core::GamepadState g;
    for (int b = 0; b < core::kPadButtonCount; ++b) g.buttons[size_t(b)] = state.buttons[b];
    for (int a = 0; a < core::kPadAxisCount; ++a) g.axes[size_t(a)] = state.axes[a];
    out.connected = true;
    const char* name = glfwGetGamepadName(j);
    out.name = name ? name : "gamepad";
    out.pad = core::gamepadPad(g);
    return out;
  }
  return out;
}

}  // namespace app
