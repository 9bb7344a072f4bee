-- UIKit misuse from Lua: the exact messages, with the script's position, and the hierarchy unchanged.
local window = ripple.window()
local list = ripple.viewController "List"
local form = ripple.viewController "Form"
local nav = ripple.navigationController { list, form, title = "Nav" }
window.rootViewController = nav
local sheet = ripple.viewController "Sheet"
list:present(sheet, false)
local picture = window:describe()

local function unchanged()
  expect(window:describe()):toBe(picture)
end

scenario("pushing the same controller twice", function()
  expect(function() nav:pushViewController(form, true) end)
    :toRaise("35-vc-misuse.lua:16: Pushing the same view controller instance more than once is not supported (<Form>)")
  expect(function() nav:setViewControllers({ list, list }, false) end)
    :toRaise("Pushing the same view controller instance more than once is not supported (<List>)")
  unchanged()
end)

scenario("pushing a navigation controller", function()
  expect(function() nav:pushViewController(ripple.navigationController(), false) end)
    :toRaise("Pushing a navigation controller is not supported")
  unchanged()
end)

scenario("presenting a controller that is already presented, or active", function()
  local other = ripple.viewController "Other"
  expect(function() other:present(sheet, true) end)
    :toRaise("Application tried to present modally a view controller <Sheet> that is already being presented by <Nav>.")
  expect(function() other:present(form, true) end)
    :toRaise("Application tried to present modally an active controller <Form>.")
  expect(function() list:present(nav, true) end)
    :toRaise("Application tried to present modally an active controller <Nav>.")
  unchanged()
end)

scenario("presenting while already presenting is a warning, not an error", function()
  local called = false
  list:present(ripple.viewController "Late", true, function() called = true end)
  expect(called):toBe(false)
  expect(window.warnings):toEqual({ "Attempt to present <Late> on <Nav> which is already presenting <Sheet>" })
  local events = ripple.events()
  expect(events[#events]):toBe("warning: Attempt to present <Late> on <Nav> which is already presenting <Sheet>")
  unchanged()
end)

scenario("popping to a controller that is not in the stack", function()
  expect(function() nav:popToViewController(ripple.viewController "Stranger", true) end)
    :toRaise("Tried to pop to a view controller that doesn't exist.")
  unchanged()
end)

scenario("containment cycles and active controllers", function()
  local container = ripple.viewController "Container"
  expect(function() container:addChild(container) end)
    :toRaise("Cannot add <Container> as a child of itself or of one of its descendants (<Container>).")
  expect(function() container:addChild(sheet) end)
    :toRaise("Cannot add <Sheet> as a child of <Container>: it is being presented by <Nav>.")
  expect(function() container:addChild(nav) end)
    :toRaise("Cannot add <Nav> as a child of <Container>: it is presenting <Sheet>.")
  unchanged()
end)

scenario("bad arguments name the expected type", function()
  expect(function() nav:pushViewController("Form", true) end)
    :toRaise("bad argument #1 to 'pushViewController' (ViewController expected, got string)")
  expect(function() nav:pushViewController(ripple.viewController(), "yes") end)
    :toRaise("bad argument #2 to 'pushViewController' (boolean expected, got string)")
  expect(function() list:pushViewController(form, true) end):toRaise("attempt to call a nil value")
  expect(function() nav.topViewController = list end):toRaise("attempt to set read-only property 'topViewController' of NavigationController")
  expect(function() form.modalPresentationStyle = "sideways" end)
    :toRaise("unknown modalPresentationStyle 'sideways' (expected one of automatic, fullScreen, pageSheet, formSheet, popover, overCurrentContext, overFullScreen, currentContext)")
  expect(function() form.dvc_autoDismiss = "no" end):toRaise("bad value for property 'dvc_autoDismiss' (boolean expected, got string)")
  expect(function() form.dvc_add = print end):toRaise("cannot replace the method 'dvc_add' of ViewController")
  expect(function() form:dvc_add(42) end):toRaise("managed object expected, got number")
  unchanged()
end)
