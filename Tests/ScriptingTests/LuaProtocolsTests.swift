@testable import Scripting
import Testing

/// The protocol declarations name exactly what the bindings call.
@Suite struct LuaProtocolsTests {
    @Test("the fetched-results delegate declaration lists the callbacks the delegate bridge delivers")
    func delegateNames() {
        #expect(LuaProtocols.fetchedResultsControllerDelegate.memberNames == LuaFetchedResultsDelegate.names.map(\.0))
    }

    @Test("the view-controller declaration lists every lifecycle callback and the dvc_ methods")
    func viewControllerNames() {
        let names = LuaProtocols.viewController.memberNames
        for event in ["viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
                      "dvc_updated", "dvc_deleted"] {
            #expect(names.contains(event), "\(event)")
        }
    }

    @Test("the data-source declarations mark the two methods UIKit requires")
    func required() {
        #expect(LuaProtocols.tableViewDataSource.members.filter { $0.requirement == .required }.map(\.name)
                == ["numberOfRowsInSection", "cellForRowAtIndexPath"])
        #expect(LuaProtocols.collectionViewDataSource.members.filter { $0.requirement == .required }.map(\.name)
                == ["numberOfItemsInSection", "cellForItemAtIndexPath"])
    }
}
