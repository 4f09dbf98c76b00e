/// Names the browser and device a `User-Agent` header describes, the way Profile lists signed-in browsers:
/// "Firefox on Windows", "Chrome on iPhone", "Unknown browser".
///
/// A header is matched against two short tables, in order. Most browsers built on Chromium or WebKit also say
/// "Chrome" or "Safari" in theirs, so each table puts the tokens only one browser (or device) uses first.
enum BrowserName {
    /// The browser and device named in `t`'s language (product names stay as they are).
    static func of(userAgent: String?, t: Words) -> String {
        let unknown = t["profile.browser.unknown"]
        guard let userAgent, !userAgent.isEmpty else { return unknown }
        let device = devices.first { userAgent.contains($0.token) }?.name
        var browser = browsers.first { userAgent.contains($0.token) }?.name
        // Android's own old browser and apps' web views say "Safari" too: only Apple's devices run Safari.
        if browser == "Safari", device.map(appleDevices.contains) != true { browser = nil }
        switch (browser, device) {
        case let (browser?, device?): return t["profile.browser.on_device", ["browser": browser, "device": device]]
        case let (browser?, nil): return browser
        case let (nil, device?): return t["profile.browser.on_device", ["browser": unknown, "device": device]]
        case (nil, nil): return unknown
        }
    }

    private static let browsers: [(token: String, name: String)] = [
        ("Edg/", "Edge"), ("EdgA/", "Edge"), ("EdgiOS/", "Edge"), ("Edge/", "Edge"),
        ("OPR/", "Opera"), ("OPiOS/", "Opera"), ("OPT/", "Opera"), ("Opera", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Vivaldi/", "Vivaldi"),
        ("YaBrowser/", "Yandex Browser"),
        ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"),
        ("CriOS/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Chrome/", "Chrome"),
        ("Trident/", "Internet Explorer"), ("MSIE ", "Internet Explorer"),
        ("Safari/", "Safari"),
    ]

    /// iOS says "like Mac OS X" and Android says "Linux": each comes before the system it names.
    private static let devices: [(token: String, name: String)] = [
        ("iPhone", "iPhone"), ("iPad", "iPad"), ("iPod", "iPod"),
        ("Android", "Android"),
        ("CrOS", "ChromeOS"),
        ("Windows", "Windows"),
        ("Macintosh", "Mac"), ("Mac OS X", "Mac"),
        ("Linux", "Linux"),
    ]

    private static let appleDevices: Set = ["iPhone", "iPad", "iPod", "Mac"]
}
