-- A sheet's presentation-controller delegate that presents from the sheet in
-- presentationControllerWillDismiss: the swipe took away only what the sheet had just presented, then told
-- the delegate presentationControllerDidDismiss while the sheet stayed on screen. The swipe now dismisses
-- through the sheet's presenter, so the sheet goes with what it presents, as UIKit's dismissal from the
-- presenting controller does. A delegate that dismisses the sheet itself leaves nothing more to do.
local function sheetOnRoot()
  local window = ripple.window()
  local root = ripple.viewController "Root"
  window.rootViewController = root
  local sheet = ripple.viewController { title = "Sheet", modalPresentationStyle = "pageSheet" }
  root:present(sheet, false)
  window:clearEventLog()
  return window, root, sheet
end

scenario("presenting from the sheet while it is swiped away: both go", function()
  local window, root, sheet = sheetOnRoot()
  local inner = ripple.viewController "Inner"
  local heard = {}
  sheet.presentationController.delegate = {
    presentationControllerWillDismiss = function() sheet:present(inner, false) end,
    presentationControllerDidDismiss = function() heard[#heard + 1] = tostring(root.presentedViewController) end,
  }
  ripple.user.swipeDown(sheet)
  expect(window.eventLog):toEqual({
    "user swipeDown Sheet",
    "presentationControllerShouldDismiss Sheet -> true",
    "presentationControllerWillDismiss Sheet",
    "present Inner on Sheet (automatic)",
    "viewDidLoad Inner",
    "viewWillAppear Inner",
    "viewDidAppear Inner",
    "dismiss Sheet, Inner from Root (animated)",
    "viewWillDisappear Sheet (animated)",
    "viewWillDisappear Inner (animated)",
    "viewDidDisappear Sheet (animated)",
    "viewDidDisappear Inner (animated)",
    "presentationControllerDidDismiss Sheet",
  })
  expect(heard):toEqual({ "nil" })
  expect(root.presentedViewController):toBe(nil)
  expect(sheet.presentingViewController):toBe(nil)
  expect(sheet.isVisible):toBe(false)
  expect(inner.isVisible):toBe(false)
  expect(root.isVisible):toBe(true)
end)

scenario("the delegate dismisses the sheet itself: the swipe dismisses nothing more", function()
  local window, root, sheet = sheetOnRoot()
  sheet.presentationController.delegate = { presentationControllerWillDismiss = function() root:dismiss(false) end }
  ripple.user.swipeDown(sheet)
  expect(window.eventLog):toEqual({
    "user swipeDown Sheet",
    "presentationControllerShouldDismiss Sheet -> true",
    "presentationControllerWillDismiss Sheet",
    "dismiss Sheet from Root",
    "viewWillDisappear Sheet",
    "viewDidDisappear Sheet",
    "presentationControllerDidDismiss Sheet",
  })
  expect(root.presentedViewController):toBe(nil)
  expect(root.isVisible):toBe(true)
end)
