// Rooms of any size: Room > Resize room... (cells added or removed on any
// side, one undo step), Room > Routine view... (the window of a larger room the
// routine's table holds), the minimap drawn over the room view when the room is
// larger than the view (click or drag it to move the view), and the scripted
// room edits (--resize-room, --rect, --fill, --set-view) that tests and docs use.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/gui/gui_app.h"
#include "app/gui/room_scene_imgui.h"
#include "app/gui/ui_scale.h"

namespace app {

namespace {

// The cells the routine's table holds (all screens), or {0, 0} when the manifest
// does not encode the room (sprite-pair routines).
std::array<int, 2> tableCells(const core::RoutineManifest& m) {
  if (!m.cells) return {0, 0};
  const core::CellLayout& c = *m.cells;
  const int spacing = std::max(1, c.spacing);
  const int screens = std::max<int>(1, int(c.screens.size()));
  return {c.maxWidth / spacing * screens, c.maxHeight / spacing};
}

// "; player moved inside the room" for the entities a resize moved (or "").
std::string movedInsideText(const core::Scenario& sc, const std::optional<core::Edit>& e) {
  const auto* r = e ? std::get_if<core::ResizeEdit>(&*e) : nullptr;
  if (!r || r->inside.empty()) return "";
  std::string names;
  for (const auto& m : r->inside)
    if (m.entity >= 0 && m.entity < int(sc.entities.size()))
      names += (names.empty() ? "" : ", ") + sc.entities[size_t(m.entity)].name;
  return "; " + names + (r->inside.size() == 1 ? " was" : " were") +
         " outside the new room and moved just inside it (undo restores)";
}

// A metatile's colour on the minimap: the mean of its pixels in the palette.
core::Rgba meanColour(const core::MapDocument& doc, const core::Metatile& mt) {
  int sum[3] = {0, 0, 0}, n = 0;
  const int slots = doc.metatiles.tilesPerSide == 2 ? 4 : 1;
  for (int k = 0; k < slots; ++k) {
    if (mt.tiles[k] >= doc.tiles.size()) continue;
    for (uint8_t px : doc.tiles[mt.tiles[k]].px) {
      const core::Rgba& c = doc.palette[px & 3];
      sum[0] += c.r;
      sum[1] += c.g;
      sum[2] += c.b;
      ++n;
    }
  }
  if (n == 0) return core::collisionColour(mt.collision);
  return core::Rgba{uint8_t(sum[0] / n), uint8_t(sum[1] / n), uint8_t(sum[2] / n), 255};
}

// Opens the modal `title` when `show` asks (once) and begins it; false when it is
// not open, or was closed because the document it edits is gone (`open`).
bool beginRoomDialog(const char* title, bool& show, bool open) {
  if (show) {
    ImGui::OpenPopup(title);
    show = false;
  }
  if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return false;
  if (!open) {
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return false;
  }
  return true;
}

bool parseInts(const std::string& text, int* out, int count) {
  int n = 0;
  size_t pos = 0;
  while (n < count) {
    size_t used = 0;
    try {
      out[n++] = std::stoi(text.substr(pos), &used);
    } catch (const std::exception&) {
      return false;
    }
    pos += used;
    if (n < count) {
      if (pos >= text.size() || text[pos] != ',') return false;
      ++pos;
    }
  }
  return pos == text.size();
}

}  // namespace

void GuiApp::drawRoomSizeMenuItems() {
  const bool open = sim() != nullptr;
  if (ImGui::MenuItem("Resize room...", nullptr, false, open)) {
    edit_.showResize = true;
    std::fill(std::begin(edit_.resizeBy), std::end(edit_.resizeBy), 0);
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Add or remove rows and columns on any side (one undo step)");
  if (ImGui::MenuItem("Routine view...", nullptr, false, open)) {
    edit_.showView = true;
    edit_.viewDraft = sim()->scenario().view;
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Which window of a room larger than the routine's table the routine sees");
}

void GuiApp::drawViewDialog() {
  if (!beginRoomDialog("Routine view", edit_.showView, sim() != nullptr)) return;
  const core::Scenario& sc = sim()->scenario();
  const core::Room& room = sc.map.room;
  const auto table = tableCells(sc.manifest);
  if (table[0] > 0)
    ImGui::Text("The routine's table holds %d x %d cells; the room is %d x %d.", table[0], table[1],
                room.width, room.height);
  else
    ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1),
                       "This routine has no cell table (map.cells): a view cannot apply.");
  ImGui::TextDisabled(
      "Each frame the window is copied into the table; the oracle judges the "
      "whole room.");
  core::ViewSpec& v = edit_.viewDraft;
  using Mode = core::ViewSpec::Mode;
  int mode = int(v.mode);
  ImGui::RadioButton("Whole room (no view)", &mode, int(Mode::None));
  ImGui::RadioButton("Fixed window", &mode, int(Mode::Fixed));
  ImGui::RadioButton("Screen", &mode, int(Mode::Screen));
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Screen N: the window's column is N x the table's width (%d)", table[0]);
  ImGui::RadioButton("Follow an entity", &mode, int(Mode::Follow));
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Each frame the window is centred on the entity's hitbox, kept in the room");
  v.mode = Mode(mode);
  const float field = uiPx(120);
  auto number = [&](const char* label, int& value) {
    ImGui::SetNextItemWidth(field);
    ImGui::InputInt(label, &value);
    value = std::clamp(value, 0, 4095);
  };
  ImGui::Indent();
  if (v.mode == Mode::Fixed) {
    number("Column", v.column);
    number("Row", v.row);
  } else if (v.mode == Mode::Screen) {
    number("Screen##n", v.screen);
    number("Row", v.row);
  } else if (v.mode == Mode::Follow) {
    ImGui::SetNextItemWidth(field * 1.5f);
    if (ImGui::BeginCombo("Entity", v.follow.c_str())) {
      for (const core::EntitySpec& e : sc.entities)
        if (ImGui::Selectable(e.name.c_str(), e.name == v.follow)) v.follow = e.name;
      ImGui::EndCombo();
    }
    if (v.follow.empty() && !sc.entities.empty()) v.follow = sc.entities[0].name;
  }
  ImGui::Unindent();
  if (v.mode != Mode::None) {
    ImGui::Checkbox("The routine keeps room coordinates", &v.roomCoordinates);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Off: x and y are relative to the window (a one-screen routine).\n"
          "On: x and y stay room coordinates and the table is a ring buffer,\n"
          "as a scrolling game keeps its nametable columns.");
  }
  std::string why;
  const auto edit = core::makeSetView(sc, v, &why);
  ImGui::Text("Now: %s", core::viewText(sc.view).c_str());
  if (!why.empty()) ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", why.c_str());
  ImGui::BeginDisabled(!edit);
  if (ImGui::Button("Set", ImVec2(uiPx(120), 0))) {
    applyEdit(edit);
    status_ = "Routine view: " + core::viewText(sim()->scenario().view);
    if (frameCount() == 0 && !noRecordingReason_.empty())
      status_ += ". No recording: " + noRecordingReason_;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(uiPx(120), 0)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void GuiApp::drawResizeDialog() {
  if (!beginRoomDialog("Resize room", edit_.showResize, sim() != nullptr)) return;
  const core::Scenario& sc = sim()->scenario();
  const core::Room& room = sc.map.room;
  ImGui::Text("The room is %d x %d cells of %d px.", room.width, room.height, room.cellSize);
  ImGui::TextDisabled("Positive numbers add cells on that side, negative numbers remove them.");
  ImGui::TextDisabled("Entities move with the left and top edges.");
  static constexpr const char* kSides[] = {"Left", "Top", "Right", "Bottom"};
  for (int i = 0; i < 4; ++i) {
    ImGui::SetNextItemWidth(140);
    ImGui::InputInt(kSides[i], &edit_.resizeBy[i]);
    edit_.resizeBy[i] = std::clamp(edit_.resizeBy[i], -4096, 4096);
  }
  // One screen of the console the map's graphics are for.
  const bool gb = sc.map.chrFormat == core::ChrFormat::Gb2bpp;
  const int screenCols = (gb ? 160 : 256) / room.cellSize,
            screenRows = (gb ? 144 : 240) / room.cellSize;
  if (ImGui::Button("+1 screen right")) edit_.resizeBy[2] += screenCols;
  ImGui::SameLine();
  if (ImGui::Button("+1 screen down")) edit_.resizeBy[3] += screenRows;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A %s screen is %d x %d cells", gb ? "Game Boy" : "NES", screenCols,
                      screenRows);
  const int w = room.width + edit_.resizeBy[0] + edit_.resizeBy[2];
  const int h = room.height + edit_.resizeBy[1] + edit_.resizeBy[3];
  const auto& set = sc.map.metatiles.metatiles;
  const int fill = std::clamp(edit_.metatile, 0, int(set.size()) - 1);
  auto edit = core::makeResizeRoom(sc, edit_.resizeBy[0], edit_.resizeBy[1], edit_.resizeBy[2],
                                   edit_.resizeBy[3], uint16_t(fill));
  ImGui::Text("New size: %d x %d cells", w, h);
  if (!edit && (w < 1 || h < 1 || w > 4096 || h > 4096 || int64_t(w) * h > (int64_t(1) << 20)))
    ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "Out of range: 1..4096 a side, 1,048,576 cells");
  ImGui::Text("New cells hold metatile %d %s (the selected one)", fill, set[fill].name.c_str());
  const auto table = tableCells(sc.manifest);
  if (table[0] > 0 && (w > table[0] || h > table[1]) && !sc.view.active())
    ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1),
                       "The routine's table holds %d x %d cells: a larger room is kept and\n"
                       "saved, but it cannot be simulated until Room > Routine view...\n"
                       "says which window of it the routine sees.",
                       table[0], table[1]);
  else if (table[0] > 0 && (w > table[0] || h > table[1]))
    ImGui::TextDisabled("The routine sees a %d x %d-cell window of it (the scenario's view).",
                        table[0], table[1]);
  const std::string moved = movedInsideText(sc, edit);
  if (!moved.empty()) ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "%s", moved.c_str() + 2);
  if (ImGui::Button("Resize", ImVec2(120, 0)) && edit) {
    applyEdit(edit);
    edit_.hasSelection = false;
    view_.fitRequested = true;
    edit_.fitAtOne = true;
    status_ =
        "Resized the room to " + std::to_string(w) + " x " + std::to_string(h) + " cells" + moved;
    if (frameCount() == 0 && !noRecordingReason_.empty())
      status_ += ". No recording: " + noRecordingReason_;
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel", ImVec2(120, 0)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
    ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

bool GuiApp::drawMinimap(ImDrawList* dl, ImVec2 c0, ImVec2 c1, bool hovered) {
  const core::MapDocument& doc = map();
  const core::Room& room = doc.room;
  const float z = view_.zoom;
  const float cw = c1.x - c0.x, ch = c1.y - c0.y;
  const float W = float(room.pixelWidth()), H = float(room.pixelHeight());
  if (W * z <= cw + 0.5f && H * z <= ch + 0.5f) return false;  // the whole room shows
  // Small enough to leave most of the view to the room it covers.
  const float maxW = std::min(cw * 0.3f, 280.0f), maxH = std::min(ch * 0.22f, 150.0f);
  const float s = std::min(maxW / W, maxH / H);
  const ImVec2 size(W * s, H * s);
  const ImVec2 p0(c1.x - size.x - 8, c1.y - size.y - 8), p1(p0.x + size.x, p0.y + size.y);
  dl->AddRectFilled(ImVec2(p0.x - 3, p0.y - 3), ImVec2(p1.x + 3, p1.y + 3),
                    IM_COL32(10, 10, 16, 230));

  if (edit_.minimapGeneration != edit_.generation ||
      edit_.minimapColours.size() != doc.metatiles.metatiles.size()) {
    edit_.minimapColours.clear();
    for (const core::Metatile& mt : doc.metatiles.metatiles)
      edit_.minimapColours.push_back(meanColour(doc, mt));
    edit_.minimapGeneration = edit_.generation;
  }
  const bool collision = view_.on(core::kOverlayCollision);
  auto colourOf = [&](uint16_t m) {
    if (m >= doc.metatiles.metatiles.size()) return core::Rgba{255, 0, 255, 255};
    return collision ? core::collisionColour(doc.metatiles.metatiles[m].collision)
                     : edit_.minimapColours[m];
  };
  // One rectangle per run of equal cells in a row; at most one sample per
  // minimap pixel, so a 1M-cell room costs what a small one does.
  const int stepC = std::max(1, int(std::ceil(float(room.width) / size.x)));
  const int stepR = std::max(1, int(std::ceil(float(room.height) / size.y)));
  const float cs = float(room.cellSize) * s;
  for (int r = 0; r < room.height; r += stepR) {
    const float y0 = p0.y + float(r) * cs, y1 = p0.y + float(std::min(room.height, r + stepR)) * cs;
    int runStart = 0;
    uint16_t runValue = room.at(0, r);
    for (int c = stepC; c <= room.width; c += stepC) {
      const bool end = c >= room.width;
      const uint16_t v = end ? runValue : room.at(c, r);
      if (!end && v == runValue) continue;
      const core::Rgba col = colourOf(runValue);
      dl->AddRectFilled(ImVec2(p0.x + float(runStart) * cs, y0),
                        ImVec2(p0.x + float(std::min(c, room.width)) * cs, y1),
                        IM_COL32(col.r, col.g, col.b, 255));
      runStart = c;
      runValue = v;
    }
  }
  // Entities where the timeline shows them (not from a recording of another room size).
  if (sim() && frameCount() > 0 && sim()->recording().madeFor(room)) {
    const int f = std::clamp(tl_.frame, 0, frameCount() - 1);
    const core::Scenario& sc = sim()->scenario();
    const auto& ents = sim()->recording().frames[size_t(f)].entities;
    for (size_t i = 0; i < ents.size() && i < sc.entities.size(); ++i) {
      const core::Rgba c = sc.entities[i].colour;
      const ImVec2 e(p0.x + float(ents[i].x() - sc.manifest.originX) * s,
                     p0.y + float(ents[i].y() - sc.manifest.originY) * s);
      dl->AddCircleFilled(e, 3, IM_COL32(c.r, c.g, c.b, 255));
    }
    // The routine's window of the room (a scenario view), as the view overlay draws it.
    const core::Recording& rec = sim()->recording();
    if (rec.viewCells[0] > 0 && view_.on(core::kOverlayView)) {
      const core::FrameRecord& fr = rec.frames[size_t(f)];
      const core::Rgba g = core::palette::kView;
      dl->AddRect(ImVec2(p0.x + float(fr.viewCol) * cs, p0.y + float(fr.viewRow) * cs),
                  ImVec2(p0.x + float(std::min(fr.viewCol + rec.viewCells[0], room.width)) * cs,
                         p0.y + float(std::min(fr.viewRow + rec.viewCells[1], room.height)) * cs),
                  IM_COL32(g.r, g.g, g.b, 255), 0, 0, 1.5f);
    }
  }
  // The part of the room the view shows.
  const float vx0 = -view_.panX / z, vy0 = -view_.panY / z;
  const ImVec2 v0(std::clamp(p0.x + vx0 * s, p0.x, p1.x), std::clamp(p0.y + vy0 * s, p0.y, p1.y));
  const ImVec2 v1(std::clamp(p0.x + (vx0 + cw / z) * s, p0.x, p1.x),
                  std::clamp(p0.y + (vy0 + ch / z) * s, p0.y, p1.y));
  dl->AddRect(v0, v1, IM_COL32(255, 255, 255, 255), 0, 0, 1.5f);
  dl->AddRect(ImVec2(p0.x - 3, p0.y - 3), ImVec2(p1.x + 3, p1.y + 3), IM_COL32(120, 120, 140, 255));
  if (opts_.frames > 0 && edit_.minimapPrinted != int(p0.x) * 100000 + int(size.x)) {
    edit_.minimapPrinted = int(p0.x) * 100000 + int(size.x);
    std::printf("minimap: %.0f,%.0f %.0fx%.0f of a %dx%d-cell room\n", p0.x, p0.y, size.x, size.y,
                room.width, room.height);
  }

  // Click or drag on the minimap: centre the view there.
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool over = hovered && mouse.x >= p0.x - 3 && mouse.x < p1.x + 3 && mouse.y >= p0.y - 3 &&
                    mouse.y < p1.y + 3;
  if (over && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) edit_.minimapDragging = true;
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) edit_.minimapDragging = false;
  if (edit_.minimapDragging) {
    const float rx = std::clamp((mouse.x - p0.x) / s, 0.0f, W);
    const float ry = std::clamp((mouse.y - p0.y) / s, 0.0f, H);
    view_.panX = cw * 0.5f - rx * z;
    view_.panY = ch * 0.5f - ry * z;
  }
  if (over && !edit_.minimapDragging) ImGui::SetTooltip("click or drag: move the view here");
  return over || edit_.minimapDragging;
}

// --resize-room L,T,R,B, then each --rect C0,R0,C1,R1,M and --fill COL,ROW,M:
// the edits the Room menu and the Rect and Fill tools make, as undo steps.
void GuiApp::editRoomForScript() {
  int v[5];
  if (!opts_.resizeRoom.empty()) {
    if (!parseInts(opts_.resizeRoom, v, 4)) {
      scriptError_ = "--resize-room: \"" + opts_.resizeRoom + "\" is not LEFT,TOP,RIGHT,BOTTOM";
      return;
    }
    auto e = core::makeResizeRoom(sim()->scenario(), v[0], v[1], v[2], v[3]);
    if (!e) {
      scriptError_ = "--resize-room: cannot resize the room by " + opts_.resizeRoom;
      return;
    }
    const std::string moved = movedInsideText(sim()->scenario(), e);
    applyEdit(e);
    view_.fitRequested = true;
    edit_.fitAtOne = true;
    const core::Room& room = sim()->scenario().map.room;
    std::printf("script: room resized to %dx%d%s\n", room.width, room.height, moved.c_str());
  }
  for (const std::string& r : opts_.rects) {
    if (!parseInts(r, v, 5) || v[4] < 0 || v[4] > 0xFFFF) {
      scriptError_ = "--rect: \"" + r + "\" is not COL0,ROW0,COL1,ROW1,METATILE";
      return;
    }
    auto e = core::makeFillRect(sim()->scenario(), v[0], v[1], v[2], v[3], uint16_t(v[4]));
    if (!e) {
      scriptError_ = "--rect: " + r + " changes nothing in this room";
      return;
    }
    applyEdit(e);
  }
  for (const std::string& f : opts_.fills) {
    if (!parseInts(f, v, 3) || v[2] < 0 || v[2] > 0xFFFF) {
      scriptError_ = "--fill: \"" + f + "\" is not COL,ROW,METATILE";
      return;
    }
    auto e = core::makeFloodFill(sim()->scenario(), v[0], v[1], uint16_t(v[2]));
    if (!e) {
      scriptError_ = "--fill: " + f + " changes nothing in this room";
      return;
    }
    applyEdit(e);
  }
  if (!opts_.setView.empty()) {
    std::string err;
    const auto view = core::parseViewText(opts_.setView, sim()->scenario().entities, &err);
    if (!view) {
      scriptError_ = "--set-view: " + err;
      return;
    }
    auto e = core::makeSetView(sim()->scenario(), *view, &err);
    if (!e) {
      scriptError_ = "--set-view: " + (err.empty() ? "the scenario already has that view" : err);
      return;
    }
    applyEdit(e);
    status_ = "Routine view: " + core::viewText(sim()->scenario().view);
    std::printf("script: routine view %s\n", core::viewText(sim()->scenario().view).c_str());
  }
}

}  // namespace app
