import Testing
@testable import ViewControllers

@Suite struct DescribeTests {
    @Test("an empty window")
    func empty() {
        #expect(Window().describe() == "Window\n  (no root view controller)")
    }

    @Test("containers, stack indexes, the selected tab and presentations with their style")
    func wholeHierarchy() throws {
        final class FormViewController: ViewController {}
        let window = Window()
        let tabs = TabBarController(title: "Tabs")
        let nav = NavigationController(rootViewController: ViewController(title: "List"), title: "Main")
        let settings = ViewController()
        try tabs.setViewControllers([nav, settings], animated: false)
        window.rootViewController = tabs
        let form = FormViewController(title: "Form")
        try nav.pushViewController(form, animated: true)
        let container = ViewController(title: "Container")
        try container.addChild(ViewController(title: "Header"))
        try container.addChild(NavigationController(rootViewController: ViewController(title: "Body"), title: "Inner"))
        container.modalPresentationStyle = .formSheet
        try form.present(container, animated: true)
        let alert = ViewController(title: "Alert")
        alert.modalPresentationStyle = .overCurrentContext
        try container.children[0].present(alert, animated: false)
        #expect(window.describe() == """
            Window
              TabBarController "Tabs"
                [0] NavigationController "Main" (selected)
                  [0] ViewController "List"
                  [1] FormViewController "Form"
                [1] ViewController
                presents (formSheet): ViewController "Container"
                  ViewController "Header"
                  NavigationController "Inner"
                    [0] ViewController "Body"
                  presents (overCurrentContext): ViewController "Alert"
            """)
        #expect(form.presentedViewController === container && container.presentingViewController === tabs)
        #expect(describeTwice(window))
    }

    private func describeTwice(_ window: Window) -> Bool { window.describe() == window.describe() }
}
