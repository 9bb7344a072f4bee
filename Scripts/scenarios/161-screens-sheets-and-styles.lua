-- Sheets a user swipes away, and one that refuses: the calls go to the presented controller's presentation
-- controller delegate, in UIKit's order. Then the presentation styles: which ones take the presenter off the
-- screen (full screen, current context, a popover in a compact width) and which leave it (sheets, over full
-- screen, over current context, a popover in a regular width).
local model = ripple.model { Note = { text = "string" } }
local ctx = ripple.container(model).viewContext
local window = ripple.window()
local list = ripple.viewController "List"
window.rootViewController = list

local function sheetWith(delegate)
  local sheet = ripple.viewController "Editor"
  sheet.presentationController.delegate = delegate
  list:present(sheet, true)
  window:clearEventLog()
  return sheet
end

scenario("a sheet swiped away: should, will, the dismissal, did", function()
  local heard = {}
  local sheet = sheetWith {
    presentationControllerShouldDismiss = function(pc) heard[#heard + 1] = "should " .. pc.presentedViewController.title; return true end,
    presentationControllerWillDismiss = function(pc) heard[#heard + 1] = "will" end,
    presentationControllerDidDismiss = function(pc) heard[#heard + 1] = "did " .. tostring(pc.presentingViewController) end,
  }
  expect(sheet.presentationController.presentationStyle):toBe("pageSheet")
  ripple.user.swipeDown(sheet)
  expect(window.eventLog):toEqual({
    "user swipeDown Editor",
    "presentationControllerShouldDismiss Editor -> true",
    "presentationControllerWillDismiss Editor",
    "dismiss Editor from List (animated)",
    "viewWillDisappear Editor (animated)",
    "viewDidDisappear Editor (animated)",
    "presentationControllerDidDismiss Editor",
  })
  expect(heard):toEqual({ "should Editor", "will", "did nil" })
  expect(list.presentedViewController):toBe(nil)
end)

scenario("a sheet with unsaved changes refuses: the delegate hears of the attempt", function()
  local note = ctx:insert("Note", { text = "draft" })
  local attempts = 0
  local sheet = sheetWith {
    presentationControllerShouldDismiss = function(pc) return not ctx.hasChanges end,
    presentationControllerDidAttemptToDismiss = function(pc) attempts = attempts + 1 end,
  }
  ripple.user.swipeDown(sheet)
  expect(window.eventLog):toEqual({
    "user swipeDown Editor",
    "presentationControllerShouldDismiss Editor -> false",
    "presentationControllerDidAttemptToDismiss Editor",
  })
  expect(attempts):toBe(1)
  expect(list.presentedViewController):toBe(sheet)
  ctx:save()
  ripple.user.swipeDown(sheet)
  expect(list.presentedViewController):toBe(nil)
  expect(note.text):toBe("draft")
end)

scenario("isModalInPresentation: no swipe at all, the delegate is not asked", function()
  local asked = false
  local sheet = sheetWith {
    presentationControllerShouldDismiss = function() asked = true; return true end,
    presentationControllerDidAttemptToDismiss = function() end,
  }
  sheet.isModalInPresentation = true
  ripple.user.swipeDown(sheet)
  expect(window.eventLog):toEqual({
    "user swipeDown Editor",
    "isModalInPresentation Editor: the sheet stays",
    "presentationControllerDidAttemptToDismiss Editor",
  })
  expect(asked):toBe(false)
  expect(list.presentedViewController):toBe(sheet)
  list:dismiss(false)
end)

scenario("which styles take the presenter off the screen", function()
  local result = {}
  for _, style in ipairs { "automatic", "pageSheet", "formSheet", "overFullScreen", "overCurrentContext",
                           "popover", "fullScreen", "currentContext" } do
    local shown = ripple.viewController { title = "Shown", modalPresentationStyle = style }
    list:present(shown, false)
    result[#result + 1] = style .. ": " .. tostring(list.isVisible)
    list:dismiss(false)
  end
  expect(result):toEqual({
    "automatic: true", "pageSheet: true", "formSheet: true", "overFullScreen: true", "overCurrentContext: true",
    "popover: true", "fullScreen: false", "currentContext: false",
  })
end)

scenario("a popover adapts to full screen in a compact width, and back", function()
  local popover = ripple.viewController { title = "Popover", modalPresentationStyle = "popover" }
  list:present(popover, false)
  window:clearEventLog()
  window.horizontalSizeClass = "compact"
  expect(window.eventLog):toEqual({
    "horizontalSizeClass = compact",
    "viewWillDisappear List", "viewDidDisappear List",
  })
  expect(popover.presentationController.presentationStyle):toBe("fullScreen")
  window.horizontalSizeClass = "regular"
  expect(list.isVisible):toBe(true)
  window.horizontalSizeClass = "compact"
  list:dismiss(false)
  expect(list.isVisible):toBe(true)
  window.horizontalSizeClass = "regular"
end)
