import type { SeedEntry } from './types.ts';

/** The six guides of /learn, in English, Malay and Chinese. Their URLs are fixed (/learn/{key}), so their slugs are the key. */
export const GUIDES: SeedEntry[] = [
  {
    key: 'tenant-basics',
    kind: 'GUIDE',
    audience: 'TENANT',
    cover: 1,
    words: {
      en: {
        slug: 'tenant-basics',
        title: 'Renting basics for tenants',
        description: 'What to check before you rent in Malaysia: budget, the area, the home itself and the person you deal with.',
        body: `Renting your first home in Malaysia is easier when you know what to look at, in what order.

## Set a budget you can keep

A common rule is to keep rent to about a third of your take-home pay. Remember the other monthly costs: electricity (TNB), water, internet (RM100 to RM150 for fibre), parking and, in many condos, an access card deposit.

## Choose the area before the unit

- **Getting to work**: check the walk to the nearest LRT, MRT or KTM station at rush hour, not on a Sunday.
- **Daily needs**: a supermarket, a clinic and food within a short walk make a big difference.
- **Flooding and noise**: ask neighbours, and look at the ground floor and car park after rain.

## Look at the home properly

Open every tap, switch on the air-conditioners and the water heater, and check the windows lock. Take photos of any damage before you move in and send them to the landlord in the chat, so there is a dated record.

## Deal with a verified person

On Kunci every landlord has a verified phone number and you never pay a security deposit. Never transfer money to a personal account before a viewing: pay only through the platform.

> A landlord who asks for a deposit breaks our rules. Report it from the chat and we will act.`,
      },
      ms: {
        slug: 'tenant-basics',
        title: 'Asas menyewa untuk penyewa',
        description: 'Perkara yang perlu disemak sebelum menyewa di Malaysia: bajet, kawasan, rumah itu sendiri dan orang yang anda berurusan.',
        body: `Menyewa rumah pertama di Malaysia lebih mudah apabila anda tahu apa yang perlu dilihat dan mengikut urutan yang betul.

## Tetapkan bajet yang mampu dikekalkan

Panduan biasa ialah sewa tidak melebihi kira-kira satu pertiga daripada gaji bersih. Ingat juga kos bulanan lain: elektrik (TNB), air, internet (RM100 hingga RM150 untuk gentian optik), tempat letak kereta dan, di kebanyakan kondominium, deposit kad akses.

## Pilih kawasan dahulu, kemudian unit

- **Perjalanan ke tempat kerja**: cuba berjalan ke stesen LRT, MRT atau KTM terdekat pada waktu puncak, bukan pada hari Ahad.
- **Keperluan harian**: pasar raya, klinik dan kedai makan yang dekat memberi banyak perbezaan.
- **Banjir dan bunyi bising**: tanya jiran, dan lihat tingkat bawah serta tempat letak kereta selepas hujan.

## Periksa rumah dengan teliti

Buka setiap paip, hidupkan penghawa dingin dan pemanas air, dan pastikan tingkap boleh dikunci. Ambil foto kerosakan sebelum berpindah masuk dan hantar kepada tuan rumah melalui sembang, supaya ada rekod bertarikh.

## Berurusan dengan orang yang disahkan

Di Kunci, setiap tuan rumah mempunyai nombor telefon yang disahkan dan anda tidak perlu membayar deposit keselamatan. Jangan sekali-kali memindahkan wang ke akaun peribadi sebelum lawatan: bayar hanya melalui platform.

> Tuan rumah yang meminta deposit melanggar peraturan kami. Laporkan melalui sembang dan kami akan mengambil tindakan.`,
      },
      zh: {
        slug: 'tenant-basics',
        title: '租客租房入门',
        description: '在马来西亚租房前要确认的事：预算、地区、房子本身，以及与你交易的人。',
        body: `在马来西亚租第一间房子，只要知道该看什么、按什么顺序看，就会轻松很多。

## 定一个负担得起的预算

常见的建议是房租不超过实得薪水的三分之一。别忘了其他每月开销：电费（TNB）、水费、网络（光纤约 RM100 至 RM150）、停车费，以及许多公寓要求的门禁卡押金。

## 先选地区，再选单位

- **上班交通**：在高峰时段走一趟到最近的 LRT、MRT 或 KTM 站，而不是在星期天。
- **日常所需**：步行可到的超市、诊所和餐饮，会让生活方便很多。
- **水灾与噪音**：问问邻居，下雨后看看底楼和停车场的情况。

## 仔细看房

打开每个水龙头，开启冷气和热水器，检查窗户能否上锁。入住前把任何损坏拍照，并在聊天中发给房东，留下有日期的记录。

## 与经过验证的人交易

在 Kunci，每位房东的电话号码都经过验证，你也无需支付押金。看房前绝对不要把钱转到私人户口：只通过平台付款。

> 向你收押金的房东违反了我们的规定。请在聊天中举报，我们会处理。`,
      },
    },
  },
  {
    key: 'tenant-payment',
    kind: 'GUIDE',
    audience: 'TENANT',
    cover: 4,
    words: {
      en: {
        slug: 'tenant-payment',
        title: 'What you pay to move in, and after',
        description: 'Zero deposit explained: the first month’s rent, the signing fee, the booking fee and how monthly rent is paid.',
        body: `With Kunci you move in without the usual two months' security deposit and one month's utility deposit. Here is what you pay instead.

## To move in

1. **First month's rent**, paid before you get the keys.
2. **Signing fee of RM399 plus 6% SST**, which covers the tenancy agreement and its stamping.

For a RM900 home that is RM900 + RM399 + RM23.94 = **RM1,322.94**, instead of about RM3,150 with the usual deposits. Every eligible listing shows this breakdown.

## The booking fee

When you apply for a home you pay a **RM500 booking fee**. It is not an extra cost: it is credited to your first invoice. It is refunded in full if you do not pass screening, if the landlord cancels or raises the rent, or if either side cancels within 24 hours.

## Every month

Rent is invoiced seven days before the due date. Pay by card or FPX online banking from the invoice; a failed card payment is retried within three days and we tell you first.

## Shorter tenancies

Tenancies run from 3 to 12 months. A tenancy of 9 to 11 months carries a surcharge of 25% of one month's rent.`,
      },
      ms: {
        slug: 'tenant-payment',
        title: 'Bayaran untuk berpindah masuk, dan selepasnya',
        description: 'Sifar deposit diterangkan: sewa bulan pertama, yuran perjanjian sewa, yuran tempahan dan cara sewa bulanan dibayar.',
        body: `Dengan Kunci, anda berpindah masuk tanpa deposit keselamatan dua bulan dan deposit utiliti sebulan seperti biasa. Ini yang anda bayar sebagai ganti.

## Untuk berpindah masuk

1. **Sewa bulan pertama**, dibayar sebelum anda menerima kunci.
2. **Yuran perjanjian sewa RM399 serta SST 6%**, yang meliputi perjanjian sewa dan setemnya.

Untuk rumah RM900, jumlahnya RM900 + RM399 + RM23.94 = **RM1,322.94**, berbanding kira-kira RM3,150 dengan deposit biasa. Setiap iklan yang layak menunjukkan pecahan ini.

## Yuran tempahan

Apabila anda memohon sesebuah rumah, anda membayar **yuran tempahan RM500**. Ia bukan kos tambahan: jumlah itu dikreditkan ke invois pertama anda. Ia dipulangkan sepenuhnya jika anda tidak lulus saringan, jika tuan rumah membatalkan atau menaikkan sewa, atau jika mana-mana pihak membatalkan dalam tempoh 24 jam.

## Setiap bulan

Invois sewa dihantar tujuh hari sebelum tarikh akhir. Bayar dengan kad atau perbankan dalam talian FPX daripada invois; bayaran kad yang gagal dicuba semula dalam tempoh tiga hari dan kami memaklumkan anda dahulu.

## Tempoh sewa lebih pendek

Tempoh sewa antara 3 hingga 12 bulan. Sewaan 9 hingga 11 bulan dikenakan caj tambahan sebanyak 25% daripada sewa sebulan.`,
      },
      zh: {
        slug: 'tenant-payment',
        title: '入住要付多少钱，以及之后的付款',
        description: '零押金说明：首月租金、租约费、预订费，以及每月租金怎么付。',
        body: `在 Kunci 租房，你不需要支付一般的两个月押金和一个月水电押金。你需要付的是以下费用。

## 入住时

1. **首月租金**，在拿钥匙之前付清。
2. **租约费 RM399 加 6% SST**，包括租约及其盖印。

以 RM900 的房子为例：RM900 + RM399 + RM23.94 = **RM1,322.94**，而一般需要押金的话约为 RM3,150。每个符合条件的房源都会列出这项明细。

## 预订费

申请租房时，你需要支付 **RM500 预订费**。这不是额外费用：它会抵扣你的第一张账单。如果你没有通过审核、房东取消或提高租金，或任何一方在 24 小时内取消，预订费将全额退还。

## 每个月

租金账单在到期日前七天发出。你可以从账单用信用卡或 FPX 网上银行付款；信用卡付款失败会在三天内重试，我们也会先通知你。

## 较短的租期

租期为 3 至 12 个月。9 至 11 个月的租约需另付一个月租金 25% 的附加费。`,
      },
    },
  },
  {
    key: 'tenant-process',
    kind: 'GUIDE',
    audience: 'TENANT',
    cover: 7,
    words: {
      en: {
        slug: 'tenant-process',
        title: 'From search to keys: the renting process',
        description: 'Each step of renting on Kunci, from the first chat to moving in, and how long each one takes.',
        body: `## 1. Search and chat

Search by area, building or MRT line and save homes you like. Open a chat from the listing: tell the landlord your move-in date, budget and how long you want to stay.

## 2. View the home

Book a viewing slot in the chat. For many listings our home runner holds the keys, so you can view even when the owner is away.

## 3. Apply and pay the booking fee

Apply from the chat or the listing and pay the RM500 booking fee. The landlord then holds the unit for you.

## 4. Screening

We check a credit report (with your consent and your IC) and a few documents that depend on who you are:

- **Working adult**: payslip or offer letter and three months' bank statements.
- **Student**: a letter from your university and your housemates' IC.
- **Business owner**: SSM Form 9 and three months' statements.

Send your documents within five days. Most tenants hear back within two working days.

## 5. Sign and move in

You receive the tenancy agreement to sign online within three days. Pay the first month's rent and the signing fee, collect the keys, and take photos of the home on the first day.`,
      },
      ms: {
        slug: 'tenant-process',
        title: 'Dari carian hingga kunci: proses menyewa',
        description: 'Setiap langkah menyewa di Kunci, dari sembang pertama hingga berpindah masuk, dan berapa lama setiap satunya.',
        body: `## 1. Cari dan bersembang

Cari mengikut kawasan, bangunan atau laluan MRT dan simpan rumah yang anda suka. Buka sembang daripada iklan: beritahu tuan rumah tarikh pindah masuk, bajet dan tempoh anda mahu menyewa.

## 2. Lawat rumah

Tempah slot lawatan dalam sembang. Bagi banyak iklan, pembantu kunci kami memegang kunci, jadi anda boleh melawat walaupun pemilik tiada.

## 3. Mohon dan bayar yuran tempahan

Mohon daripada sembang atau iklan dan bayar yuran tempahan RM500. Tuan rumah kemudian menyimpan unit itu untuk anda.

## 4. Saringan

Kami menyemak laporan kredit (dengan persetujuan dan kad pengenalan anda) dan beberapa dokumen mengikut profil anda:

- **Orang bekerja**: slip gaji atau surat tawaran dan penyata bank tiga bulan.
- **Pelajar**: surat daripada universiti dan kad pengenalan rakan serumah.
- **Pemilik perniagaan**: Borang 9 SSM dan penyata tiga bulan.

Hantar dokumen dalam tempoh lima hari. Kebanyakan penyewa menerima jawapan dalam dua hari bekerja.

## 5. Tandatangan dan pindah masuk

Anda akan menerima perjanjian sewa untuk ditandatangani dalam talian dalam tempoh tiga hari. Bayar sewa bulan pertama dan yuran perjanjian sewa, ambil kunci, dan ambil foto rumah pada hari pertama.`,
      },
      zh: {
        slug: 'tenant-process',
        title: '从找房到拿钥匙：租房流程',
        description: '在 Kunci 租房的每一步，从第一次聊天到入住，以及每一步需要多久。',
        body: `## 1. 搜索与聊天

按地区、公寓名称或 MRT 路线搜索，并收藏喜欢的房子。从房源页面开启聊天：告诉房东你的入住日期、预算和打算租多久。

## 2. 看房

在聊天中预约看房时段。许多房源的钥匙由我们的代看房人员保管，即使屋主不在也能看房。

## 3. 申请并支付预订费

从聊天或房源页面申请，并支付 RM500 预订费。房东随后会为你保留该单位。

## 4. 审核

我们会查看信用报告（须经你同意并提供身份证），以及视你的情况而定的几份文件：

- **在职人士**：薪水单或聘书，以及三个月的银行账单。
- **学生**：大学信函及室友的身份证。
- **生意人**：SSM Form 9 及三个月的账单。

请在五天内提交文件。大多数租客会在两个工作日内收到结果。

## 5. 签约与入住

你会在三天内收到可在线签署的租约。付清首月租金和租约费，领取钥匙，并在入住第一天为房子拍照。`,
      },
    },
  },
  {
    key: 'landlord-basics',
    kind: 'GUIDE',
    audience: 'LANDLORD',
    cover: 2,
    words: {
      en: {
        slug: 'landlord-basics',
        title: 'Renting out your home: the basics',
        description: 'How to price, present and list a home so the right tenant finds it quickly, for free.',
        body: `Posting on Kunci is free. What makes a listing rent quickly is the right price, good photos and clear answers.

## Price it from real numbers

Look at homes like yours in the same building or street. Our price checker shows the range of current and past listings for your building, bedrooms and furnishing. A home priced 5% above the range often waits a month longer, which costs more than the difference.

## Photos that answer questions

- At least **four photos**, taken in daylight with the lights on.
- One photo per room, taken from the doorway, plus the kitchen and the bathroom.
- The view and the building's facilities if you have them.

## A description tenants can use

Say how far the home is from the nearest station on foot, what furniture and appliances are included, whether pets are allowed, and when it is available.

## What we do not allow

Listings may not state a race preference, and you may not ask for a deposit. Tenants are screened by us instead, and your rent can be protected by our landlord protection plan.`,
      },
      ms: {
        slug: 'landlord-basics',
        title: 'Menyewakan rumah anda: asasnya',
        description:
          'Cara menetapkan harga, mempersembahkan dan mengiklankan rumah supaya penyewa yang sesuai menemuinya dengan cepat, secara percuma.',
        body: `Mengiklankan di Kunci adalah percuma. Yang menjadikan rumah cepat disewa ialah harga yang tepat, foto yang baik dan jawapan yang jelas.

## Tetapkan harga berdasarkan angka sebenar

Lihat rumah seperti rumah anda di bangunan atau jalan yang sama. Penyemak harga kami menunjukkan julat sewa iklan semasa dan lepas bagi bangunan, bilangan bilik dan kelengkapan perabot anda. Rumah yang diletakkan 5% di atas julat sering menunggu sebulan lebih lama, dan itu lebih mahal daripada perbezaannya.

## Foto yang menjawab soalan

- Sekurang-kurangnya **empat foto**, diambil pada waktu siang dengan lampu dinyalakan.
- Satu foto bagi setiap bilik, diambil dari pintu, serta dapur dan bilik air.
- Pemandangan dan kemudahan bangunan jika ada.

## Keterangan yang berguna kepada penyewa

Nyatakan jarak berjalan kaki ke stesen terdekat, perabot dan peralatan yang disertakan, sama ada haiwan peliharaan dibenarkan, dan bila rumah boleh diduduki.

## Perkara yang tidak dibenarkan

Iklan tidak boleh menyatakan keutamaan kaum, dan anda tidak boleh meminta deposit. Sebaliknya, penyewa disaring oleh kami, dan sewa anda boleh dilindungi oleh pelan perlindungan tuan rumah kami.`,
      },
      zh: {
        slug: 'landlord-basics',
        title: '出租房子：基本须知',
        description: '如何定价、展示和刊登房源，让合适的租客尽快找到它，而且完全免费。',
        body: `在 Kunci 刊登房源是免费的。让房子快速租出的关键，是合理的价格、好的照片和清楚的说明。

## 用真实数据定价

参考同一栋公寓或同一条街上与你相似的房子。我们的价格查询工具会按你的公寓、房间数和家具配置，列出现有和过往房源的租金范围。比行情高 5% 的房子往往要多等一个月，损失比差价还大。

## 能回答问题的照片

- 至少 **四张照片**，在白天并开着灯拍摄。
- 每个房间一张，从门口拍，另加厨房和浴室。
- 如有景观和公寓设施，也拍下来。

## 对租客有用的描述

写明步行到最近车站需要多久、包括哪些家具和电器、是否允许养宠物，以及何时可以入住。

## 我们不允许的事

房源不得注明种族偏好，也不得向租客收取押金。我们会替你审核租客，你的租金还可以通过我们的房东保障计划获得保障。`,
      },
    },
  },
  {
    key: 'landlord-process',
    kind: 'GUIDE',
    audience: 'LANDLORD',
    cover: 5,
    words: {
      en: {
        slug: 'landlord-process',
        title: 'From listing to rent day: the landlord’s process',
        description: 'What happens after you post: review, viewings, screening, the agreement and being paid each month.',
        body: `## 1. Post and review

Post your home in a few minutes. Our team reviews each new listing, usually within a working day, to keep scams and wrong details off the site.

## 2. Viewings

Tenants chat with you and book viewing slots. If you cannot be there, our home runner can collect your keys (Klang Valley) and show the home in hourly slots from 9 AM to 9 PM.

## 3. A tenant applies

The tenant pays a RM500 booking fee and you hold the unit for seven days while we screen them: a credit report and documents that fit their profile. Up to three in ten applicants do not pass.

## 4. The agreement

We prepare the tenancy agreement and its stamping. Both sides sign online.

## 5. Rent every month

We invoice the tenant seven days before the due date and pay you within three working days of receiving the rent. A 1.88% processing fee applies to collected rent.`,
      },
      ms: {
        slug: 'landlord-process',
        title: 'Dari iklan hingga hari sewa: proses tuan rumah',
        description: 'Apa yang berlaku selepas anda mengiklankan: semakan, lawatan, saringan, perjanjian dan bayaran setiap bulan.',
        body: `## 1. Iklan dan semakan

Iklankan rumah anda dalam beberapa minit. Pasukan kami menyemak setiap iklan baharu, biasanya dalam satu hari bekerja, supaya penipuan dan butiran yang salah tidak dipaparkan.

## 2. Lawatan

Penyewa bersembang dengan anda dan menempah slot lawatan. Jika anda tidak dapat hadir, pembantu kunci kami boleh mengambil kunci anda (Lembah Klang) dan menunjukkan rumah dalam slot sejam dari 9 pagi hingga 9 malam.

## 3. Penyewa memohon

Penyewa membayar yuran tempahan RM500 dan anda menyimpan unit itu selama tujuh hari sementara kami menyaring mereka: laporan kredit dan dokumen mengikut profil mereka. Sehingga tiga daripada sepuluh pemohon tidak lulus.

## 4. Perjanjian

Kami menyediakan perjanjian sewa dan setemnya. Kedua-dua pihak menandatangani dalam talian.

## 5. Sewa setiap bulan

Kami menghantar invois kepada penyewa tujuh hari sebelum tarikh akhir dan membayar anda dalam tempoh tiga hari bekerja selepas sewa diterima. Yuran pemprosesan 1.88% dikenakan ke atas sewa yang dikutip.`,
      },
      zh: {
        slug: 'landlord-process',
        title: '从刊登到收租：房东流程',
        description: '刊登之后会发生什么：审核、看房、租客审核、租约，以及每月收租。',
        body: `## 1. 刊登与审核

几分钟就能刊登你的房子。我们的团队会审核每一则新房源，通常在一个工作日内完成，以杜绝诈骗和错误资料。

## 2. 看房

租客会与你聊天并预约看房时段。如果你无法到场，我们的代看房人员可以领取你的钥匙（巴生谷），在早上 9 点至晚上 9 点之间按小时带租客看房。

## 3. 租客申请

租客支付 RM500 预订费，你为他保留单位七天，期间我们对他进行审核：信用报告及符合其身份的文件。最多每十位申请者中有三位不通过。

## 4. 租约

我们准备租约并办理盖印。双方在线签署。

## 5. 每月收租

我们在到期日前七天向租客发出账单，并在收到租金后三个工作日内把钱转给你。代收租金需付 1.88% 手续费。`,
      },
    },
  },
  {
    key: 'landlord-protection',
    kind: 'GUIDE',
    audience: 'LANDLORD',
    cover: 8,
    words: {
      en: {
        slug: 'landlord-protection',
        title: 'Protecting your rent and your home',
        description: 'The three landlord protection plans compared: what each covers, what it costs and how to claim.',
        body: `Without a deposit, what protects you? Screening keeps most problems away; our protection plans cover the rest, up to RM42,000.

## The three plans

- **Standard**: loss of rent up to two months, minor damage up to RM2,000, and up to two demand letters.
- **Protect**: everything in Standard plus theft or accidental damage up to RM30,000. It costs 1.25 months' rent.
- **Protect Plus**: everything in Protect plus on-time rent (you are paid on the due date even if the tenant is late) and overstay cover. It costs 1.5 months' rent.

Prices add SST and RM10 stamp duty and are spread over the first two months. Homes renting from RM500 to RM5,000 are eligible.

## When to buy

At the start of a tenancy, or within 60 days of it when no rent is overdue. The insured period is 12 months.

## Making a claim

1. Make a police report within three days of the tenant moving out, if there is damage or theft.
2. Claim within five days of the incident, with at least three photos of each damaged item.
3. Add receipts where you have them: items without one have 10% to 50% deducted.`,
      },
      ms: {
        slug: 'landlord-protection',
        title: 'Melindungi sewa dan rumah anda',
        description: 'Tiga pelan perlindungan tuan rumah dibandingkan: apa yang dilindungi, kosnya dan cara membuat tuntutan.',
        body: `Tanpa deposit, apa yang melindungi anda? Saringan menghalang kebanyakan masalah; pelan perlindungan kami meliputi selebihnya, sehingga RM42,000.

## Tiga pelan

- **Standard**: kehilangan sewa sehingga dua bulan, kerosakan kecil sehingga RM2,000, dan sehingga dua surat tuntutan.
- **Protect**: semua dalam Standard serta kecurian atau kerosakan tidak sengaja sehingga RM30,000. Kosnya 1.25 bulan sewa.
- **Protect Plus**: semua dalam Protect serta sewa tepat pada masanya (anda dibayar pada tarikh akhir walaupun penyewa lewat) dan perlindungan penyewa yang enggan keluar. Kosnya 1.5 bulan sewa.

Harga ditambah SST dan duti setem RM10, dan dibayar secara beransur dalam dua bulan pertama. Rumah dengan sewa RM500 hingga RM5,000 layak.

## Bila perlu membeli

Pada permulaan sewaan, atau dalam tempoh 60 hari selepasnya jika tiada sewa tertunggak. Tempoh perlindungan ialah 12 bulan.

## Membuat tuntutan

1. Buat laporan polis dalam tempoh tiga hari selepas penyewa keluar, jika ada kerosakan atau kecurian.
2. Tuntut dalam tempoh lima hari selepas kejadian, dengan sekurang-kurangnya tiga foto bagi setiap barang yang rosak.
3. Sertakan resit jika ada: barang tanpa resit ditolak 10% hingga 50%.`,
      },
      zh: {
        slug: 'landlord-protection',
        title: '保障你的租金和房子',
        description: '三种房东保障计划比较：各自保障什么、费用多少，以及如何索赔。',
        body: `没有押金，什么来保障你？租客审核能挡掉大部分问题；其余的由我们的保障计划承担，最高 RM42,000。

## 三种计划

- **Standard**：最多两个月的租金损失、最高 RM2,000 的轻微损坏，以及最多两封催讨信。
- **Protect**：包含 Standard 的所有保障，另加最高 RM30,000 的盗窃或意外损坏。费用为 1.25 个月租金。
- **Protect Plus**：包含 Protect 的所有保障，另加准时收租（即使租客迟付，你也会在到期日收到租金）及霸租保障。费用为 1.5 个月租金。

价格另加 SST 及 RM10 印花税，分摊在头两个月支付。月租 RM500 至 RM5,000 的房子符合资格。

## 何时购买

在租约开始时，或在租约开始后 60 天内且没有拖欠租金时购买。保障期为 12 个月。

## 如何索赔

1. 如有损坏或失窃，在租客搬走后三天内报警。
2. 在事发后五天内提出索赔，每件损坏物品至少附三张照片。
3. 尽量附上收据：没有收据的物品会被扣除 10% 至 50%。`,
      },
    },
  },
];
