// Entities added, removed, duplicated and renamed in the GUI: the room's
// right-click menu (Select tool) acts on the entity under the pointer or adds
// one there, the Entities table's rows and its "Entity..." button have the
// same menu, and a new scenario's first click places its first entity. Every
// change is a core edit (core/edit/entity_edits.cpp: undoable, refused with
// the reason when the routine's table is full or a name is taken), checked
// against the routine's memory before it is applied, and re-simulated.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "app/gui/gui_app.h"

namespace app {

namespace {

// "12,34" or "12,34,enemies".
bool parsePlace(const std::string& text, int& x, int& y, std::string& table) {
  const size_t a = text.find(','), b = text.find(',', a == std::string::npos ? a : a + 1);
  if (a == std::string::npos) return false;
  char* end = nullptr;
  x = int(std::strtol(text.c_str(), &end, 10));
  if (end != text.c_str() + a) return false;
  const std::string ys = text.substr(a + 1, b == std::string::npos ? std::string::npos : b - a - 1);
  y = int(std::strtol(ys.c_str(), &end, 10));
  if (ys.empty() || *end) return false;
  table = b == std::string::npos ? std::string() : text.substr(b + 1);
  return std::abs(x) < 65536 && std::abs(y) < 65536;
}

}  // namespace

bool GuiApp::routineHolds(const core::Edit& edit, std::string* why) {
  const auto* list = std::get_if<core::EntityListEdit>(&edit);
  if (!list || !sim()) return true;
  // The default table's fields span its entities' slots in the routine's
  // memory: the new list must still fit beside everything else it binds.
  const core::Scenario& sc = sim()->scenario();
  int own = 0;
  for (const core::EntitySpec& e : list->after) own += sc.manifest.tableIndex(e.table) == 0;
  core::Binding probe;
  std::string error;
  if (core::bindRoutine(sc.manifest, sim()->image().debug, probe, &error, sim()->image().chunks,
                        std::max(own, 1)))
    return true;
  *why = "The routine's memory cannot hold " + std::to_string(own) + " entities: " + error;
  return false;
}

void GuiApp::applyEntityEdit(const std::optional<core::Edit>& edit, const std::string& error) {
  if (!edit) {
    if (!error.empty()) status_ = error;
    return;
  }
  if (!canEdit()) return;
  core::Scenario& sc = sim()->scenario();
  std::string why;
  if (!routineHolds(*edit, &why)) {
    status_ = why;
    return;
  }
  // The entity the edit is about, named as it is before a removal and after the rest.
  std::string subject;
  if (const auto* list = std::get_if<core::EntityListEdit>(&*edit)) {
    const auto& named =
        list->kind == core::EntityListEdit::Kind::Remove ? list->before : list->after;
    if (list->entity >= 0 && list->entity < int(named.size()))
      subject = named[size_t(list->entity)].name;
  } else if (const auto* rename = std::get_if<core::EntityNameEdit>(&*edit)) {
    subject = rename->before + " -> " + rename->after;
    tl_.entity = rename->entity;
  }
  edit_.history.push(sc, *edit);
  const int count = int(sc.entities.size());
  tl_.entity = std::max(0, core::entitySelectedAfter(*edit, true, tl_.entity, count));
  status_ = std::string(core::editName(*edit)) + (subject.empty() ? "" : ": " + subject);
  resimulateAfter({*edit});  // may replace the simulation `sc` belongs to
}

void GuiApp::addEntityAt(int x, int y, const std::string& table) {
  const core::Scenario& sc = sim()->scenario();
  std::string error;
  auto edit = core::makeAddEntity(sc, core::newEntitySpec(sc, x, y, table), &error);
  if (!edit && !error.empty()) error = "Cannot add an entity: " + error;
  applyEntityEdit(edit, error);
}

// Where the pointer is, as the start position of a new entity whose hitbox is
// centred there (the manifest's hitbox; positions are routine pixels).
void GuiApp::placeEntityAtPointer(float ox, float oy, float zoom) {
  const core::Scenario& sc = sim()->scenario();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const core::Hitbox hb = sc.manifest.hitbox.value_or(core::Hitbox{});
  edit_.menuX = int(std::floor((mouse.x - ox) / zoom)) + sc.manifest.originX - hb.x - hb.w / 2;
  edit_.menuY = int(std::floor((mouse.y - oy) / zoom)) + sc.manifest.originY - hb.y - hb.h / 2;
}

void GuiApp::drawEntityMenuItems(int entity, bool here) {
  const core::Scenario& sc = sim()->scenario();
  const int n = int(sc.entities.size());
  const bool valid = entity >= 0 && entity < n;
  if (valid) {
    const core::Rgba c = sc.entities[size_t(entity)].colour;
    ImGui::TextColored(ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1), "%s",
                       sc.entities[size_t(entity)].name.c_str());
    ImGui::Separator();
    // Disabled with the reason when the routine's table (or memory) has no room.
    std::string noCopy;
    auto copy = core::makeDuplicateEntity(sc, entity, &noCopy);
    if (copy && !routineHolds(*copy, &noCopy)) copy.reset();
    if (ImGui::MenuItem("Duplicate", shortcutKeys(Action::DuplicateEntity).c_str(), false,
                        copy.has_value())) {
      applyEntityEdit(copy, {});
      return;  // the edit may have replaced the scenario
    }
    if (!copy && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", noCopy.c_str());
    if (ImGui::MenuItem("Rename...", shortcutKeys(Action::RenameEntity).c_str())) {
      edit_.renameAsk = true;
      edit_.renameEntity = entity;
      std::snprintf(edit_.renameText, sizeof edit_.renameText, "%s",
                    sc.entities[size_t(entity)].name.c_str());
      edit_.renameError.clear();
    }
    std::string why;
    const bool removable = core::makeRemoveEntity(sc, entity, &why).has_value();
    if (ImGui::MenuItem("Remove", nullptr, false, removable)) {
      applyEntityEdit(core::makeRemoveEntity(sc, entity), {});
      return;
    }
    if (!removable && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", why.c_str());
    ImGui::Separator();
  }
  // Where an added entity starts: the pointer in the room, else the room's centre.
  int x = edit_.menuX, y = edit_.menuY;
  if (!here) {
    const core::Hitbox hb = sc.manifest.hitbox.value_or(core::Hitbox{});
    x = sc.map.room.pixelWidth() / 2 + sc.manifest.originX - hb.x - hb.w / 2;
    y = sc.map.room.pixelHeight() / 2 + sc.manifest.originY - hb.y - hb.h / 2;
  }
  auto addItem = [&](const std::string& table, const std::string& label) {
    std::string why;
    const auto add = core::makeAddEntity(sc, core::newEntitySpec(sc, x, y, table), &why);
    const bool fits = add && routineHolds(*add, &why);
    const std::string text = label + (here ? " here" : " (room centre)");
    if (ImGui::MenuItem(text.c_str(), nullptr, false, fits)) {
      addEntityAt(x, y, table);
      return true;
    }
    if (!fits && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", why.c_str());
    return false;
  };
  if (addItem("", "Add entity")) return;
  for (const core::EntityTable& t : sc.manifest.tables)
    if (addItem(t.name, "Add to table " + t.name)) return;
}

void GuiApp::drawRoomEntityMenu() {
  if (!sim() || !ImGui::BeginPopup("room_entity_menu")) return;
  drawEntityMenuItems(edit_.menuEntity, true);
  ImGui::EndPopup();
}

void GuiApp::drawRenameEntityDialog() {
  if (edit_.renameAsk) {
    ImGui::OpenPopup("Rename entity");
    edit_.renameAsk = false;
  }
  if (!ImGui::BeginPopupModal("Rename entity", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  if (!sim() || edit_.renameEntity < 0 ||
      edit_.renameEntity >= int(sim()->scenario().entities.size())) {
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(260 * view_.uiScale);
  bool ok =
      ImGui::InputText("name", edit_.renameText, sizeof edit_.renameText,
                       ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  if (!edit_.renameError.empty())
    ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", edit_.renameError.c_str());
  ok = ImGui::Button("Rename", ImVec2(100 * view_.uiScale, 0)) || ok;
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(100 * view_.uiScale, 0)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  if (ok) {
    std::string error;
    auto e =
        core::makeRenameEntity(sim()->scenario(), edit_.renameEntity, edit_.renameText, &error);
    if (e || error.empty()) {  // renamed, or the same name: nothing to do
      edit_.renameError.clear();
      ImGui::CloseCurrentPopup();
      applyEntityEdit(e, {});
    } else {
      edit_.renameError = error;  // the dialog stays, saying why
    }
  }
  ImGui::EndPopup();
}

// --add-entity, --duplicate-entity, --rename-entity, --remove-entity and
// --fill-input, in that order: what the menus and the input grid do.
void GuiApp::entitiesForScript() {
  for (const std::string& a : opts_.addEntities) {
    int x = 0, y = 0;
    std::string table;
    if (!parsePlace(a, x, y, table)) {
      scriptError_ = "--add-entity: \"" + a + "\" is not X,Y or X,Y,TABLE";
      return;
    }
    const size_t before = sim()->scenario().entities.size();
    addEntityAt(x, y, table);
    if (sim()->scenario().entities.size() == before) {
      scriptError_ = "--add-entity: " + status_;
      return;
    }
    const core::EntitySpec& e = sim()->scenario().entities.back();
    std::printf("script: added entity \"%s\" at (%d, %d)\n", e.name.c_str(), e.x, e.y);
  }
  auto index = [&](const std::string& text, const char* flag, int& out) {
    char* end = nullptr;
    out = int(std::strtol(text.c_str(), &end, 10));
    if (!text.empty() && (*end == 0 || *end == ',')) return true;
    scriptError_ = std::string(flag) + ": \"" + text + "\" does not start with an entity index";
    return false;
  };
  for (const std::string& d : opts_.duplicateEntities) {
    int i = 0;
    if (!index(d, "--duplicate-entity", i)) return;
    std::string error;
    auto e = core::makeDuplicateEntity(sim()->scenario(), i, &error);
    if (!e) {
      scriptError_ = "--duplicate-entity: " + error;
      return;
    }
    applyEntityEdit(e, {});
    std::printf("script: duplicated entity %d as \"%s\"\n", i,
                sim()->scenario().entities.back().name.c_str());
  }
  for (const std::string& r : opts_.renameEntities) {
    int i = 0;
    const size_t comma = r.find(',');
    if (!index(r, "--rename-entity", i)) return;
    std::string error;
    auto e = core::makeRenameEntity(sim()->scenario(), i,
                                    comma == std::string::npos ? "" : r.substr(comma + 1), &error);
    if (!e) {
      scriptError_ = "--rename-entity: " + (error.empty() ? "the name is unchanged" : error);
      return;
    }
    applyEntityEdit(e, {});
    std::printf("script: renamed entity %d to \"%s\"\n", i,
                sim()->scenario().entities[size_t(i)].name.c_str());
  }
  for (const std::string& r : opts_.removeEntities) {
    int i = 0;
    if (!index(r, "--remove-entity", i)) return;
    std::string error;
    auto e = core::makeRemoveEntity(sim()->scenario(), i, &error);
    if (!e) {
      scriptError_ = "--remove-entity: " + error;
      return;
    }
    applyEntityEdit(e, {});
    std::printf("script: removed entity %d\n", i);
  }
  for (const std::string& f : opts_.fillInput) {
    int first = 0, count = 0;
    char buttons[16] = {};
    uint8_t mask = 0;
    if (std::sscanf(f.c_str(), "%d,%d,%15s", &first, &count, buttons) < 2 ||
        !core::parseButtons(buttons, mask)) {
      scriptError_ = "--fill-input: \"" + f + "\" is not FIRST,COUNT,BUTTONS (letters UDLRABST)";
      return;
    }
    auto e = core::makeFillInput(sim()->scenario(), first, count, mask);
    if (!e) {
      scriptError_ = "--fill-input: " + f + " changes nothing";
      return;
    }
    applyEdit(e);
  }
}

}  // namespace app
