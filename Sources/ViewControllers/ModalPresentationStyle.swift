/// How a presented controller covers its presenter (`UIModalPresentationStyle`).
///
/// ``fullScreen`` and ``currentContext`` remove the presenter's views: its controllers disappear when the
/// presentation appears and reappear when it is dismissed. The other styles leave the presenter on screen, so
/// it gets no lifecycle callbacks: sheets (iOS 13 and later), ``overFullScreen``, ``overCurrentContext`` and
/// popovers — except that a popover in a horizontally compact window adapts to ``fullScreen``, UIKit's default
/// adaptive style for popovers (``resolved(horizontalSizeClass:)``).
///
/// ```swift
/// detail.modalPresentationStyle = .formSheet
/// try list.present(detail, animated: true)
/// ```
public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    /// The default: iOS 13+ resolves it to a page sheet, so the presenter stays visible.
    case automatic
    /// Covers the whole screen; the presenter disappears.
    case fullScreen
    /// A card over the presenter, which stays visible; the user can swipe it down.
    case pageSheet
    /// A centred card over the presenter, which stays visible; the user can swipe it down.
    case formSheet
    /// A popover anchored in the presenter, which stays visible; full screen in a compact width.
    case popover
    /// Over the presenter's context, which stays visible.
    case overCurrentContext
    /// Over the whole screen, the presenter's views left in place (transparent content shows them).
    case overFullScreen
    /// Replaces the presentation context's views, which disappear (with Ripple's presentation contexts, the
    /// presenter's outermost container, as ``fullScreen``).
    case currentContext

    /// True when the presentation hides the controllers below it (before adaptation).
    public var hidesPresenter: Bool { self == .fullScreen || self == .currentContext }

    /// True for the styles a user can swipe down (page and form sheets, and `automatic`, which is a page sheet).
    public var isSheet: Bool { self == .automatic || self == .pageSheet || self == .formSheet }

    /// The style UIKit uses in a window of the given width: `automatic` is a page sheet; a popover in a compact
    /// width is full screen (UIKit's default adaptive presentation style for popovers).
    public func resolved(horizontalSizeClass: UserInterfaceSizeClass) -> ModalPresentationStyle {
        switch self {
        case .automatic: return .pageSheet
        case .popover where horizontalSizeClass == .compact: return .fullScreen
        default: return self
        }
    }
}

/// A width or height class of a window's traits (`UIUserInterfaceSizeClass`).
public enum UserInterfaceSizeClass: String, CaseIterable, Sendable {
    /// A compact width: an iPhone in portrait, a narrow multitasking column.
    case compact
    /// A regular width: an iPad full screen.
    case regular
}
