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

    @Test("a 10,000-deep chain describes without deep recursion; indentation stops at 100 levels")
    func deepChain() throws {
        let window = Window()
        let root = ViewController(title: "0")
        var last = root
        for i in 1...10_000 {
            let next = ViewController(title: "\(i)")
            last.attach(next)  // addChild without the per-call transition walk (quadratic for a chain)
            last = next
        }
        window.rootViewController = root
        let lines = window.describe().split(separator: "\n")
        #expect(lines.count == 10_002)
        #expect(lines[1] == "  ViewController \"0\"")
        #expect(lines[99] == String(repeating: "  ", count: 99) + "ViewController \"98\"")
        #expect(lines[100] == String(repeating: "  ", count: 100) + "ViewController \"99\"")
        #expect(lines[101] == String(repeating: "  ", count: 100) + "(depth 101) ViewController \"100\"")
        #expect(lines[10_001] == String(repeating: "  ", count: 100) + "(depth 10001) ViewController \"10000\"")
    }
}
