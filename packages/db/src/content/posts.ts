import type { SeedEntry } from './types.ts';

/** The blog's first posts and the first events. */
export const POSTS: SeedEntry[] = [
  {
    key: 'post-move-in-checklist',
    kind: 'POST',
    cover: 10,
    publishedDaysAgo: 21,
    words: {
      en: {
        slug: 'move-in-day-checklist',
        title: 'A move-in day checklist that saves arguments later',
        description: 'Ten minutes of photos and notes on your first day can save weeks of disagreement when you move out.',
        body: `Most disputes between tenants and landlords start on move-out day, about something nobody wrote down on move-in day. A short routine fixes that.

## Before you unpack

- Photograph every wall, floor and appliance, room by room, and the meter readings for electricity and water.
- Switch on every air-conditioner, fan, light and the water heater. Flush the toilets and run the taps for a minute.
- Try every key: the main door, the grille, the letterbox, the windows and the access card.

## Send it in the chat

Put the photos and a short list of anything broken in the chat with your landlord on the same day. The chat keeps the date, so neither side has to remember.

## Ask about the building

Where the rubbish goes and when, the visitor parking rules, who to call for a lift breakdown, and the management office's hours.

## Keep a copy

Save the tenancy agreement, the inventory and your photos in one folder. When you move out, take the same photos again from the same places.`,
      },
      ms: {
        slug: 'senarai-semak-hari-pindah-masuk',
        title: 'Senarai semak hari pindah masuk yang mengelakkan pertelingkahan kemudian',
        description:
          'Sepuluh minit mengambil foto dan nota pada hari pertama boleh mengelakkan perselisihan berminggu-minggu ketika berpindah keluar.',
        body: `Kebanyakan pertikaian antara penyewa dan tuan rumah bermula pada hari pindah keluar, tentang sesuatu yang tiada siapa catat pada hari pindah masuk. Rutin ringkas ini menyelesaikannya.

## Sebelum membuka barang

- Ambil foto setiap dinding, lantai dan peralatan, bilik demi bilik, serta bacaan meter elektrik dan air.
- Hidupkan setiap penghawa dingin, kipas, lampu dan pemanas air. Pam tandas dan buka paip selama seminit.
- Cuba setiap kunci: pintu utama, gril, peti surat, tingkap dan kad akses.

## Hantar dalam sembang

Hantar foto dan senarai ringkas barang yang rosak dalam sembang dengan tuan rumah pada hari yang sama. Sembang menyimpan tarikhnya, jadi tiada pihak perlu mengingatinya.

## Tanya tentang bangunan

Di mana sampah dibuang dan bila, peraturan tempat letak kereta pelawat, siapa yang perlu dihubungi jika lif rosak, dan waktu pejabat pengurusan.

## Simpan salinan

Simpan perjanjian sewa, senarai inventori dan foto anda dalam satu folder. Apabila berpindah keluar, ambil foto yang sama sekali lagi dari tempat yang sama.`,
      },
      zh: {
        slug: 'ruzhu-dangtian-jianchadan',
        title: '入住当天的检查清单，省去日后的争执',
        description: '入住第一天花十分钟拍照和记录，可以在搬走时省下几个星期的争论。',
        body: `租客和房东之间的纠纷，大多在搬走那天才爆发，而起因往往是入住那天没人记下的事。一个简单的习惯就能解决。

## 拆箱之前

- 逐个房间拍下每面墙、地板和电器，以及电表和水表的读数。
- 打开每台冷气、风扇、电灯和热水器。冲一冲马桶，把水龙头开一分钟。
- 试每一把钥匙：大门、铁闸、信箱、窗户和门禁卡。

## 在聊天里发出去

当天就把照片和损坏物品的简单清单发到与房东的聊天里。聊天会保留日期，双方都不必靠记忆。

## 问清楚公寓的规矩

垃圾在哪里丢、几点收，访客停车规定，电梯故障找谁，以及管理处的办公时间。

## 留一份副本

把租约、物品清单和照片放在同一个文件夹里。搬走时，从同样的位置再拍一次同样的照片。`,
      },
    },
  },
  {
    key: 'post-zero-deposit-landlords',
    kind: 'POST',
    cover: 13,
    publishedDaysAgo: 12,
    words: {
      en: {
        slug: 'why-landlords-choose-zero-deposit',
        title: 'Why more landlords now rent without a deposit',
        description: 'A deposit feels safe, but it keeps good tenants away. How screening and protection do the job better.',
        body: `For decades the Malaysian rule was "two plus one": two months' security deposit and one month's utility deposit. It is changing, and landlords are the ones changing it.

## A deposit narrows the field

Asking a tenant for three months' rent up front means many reliable people, such as young professionals and families who have just moved for work, simply cannot apply. Homes stay empty longer, and an empty month costs more than most deposits ever recover.

## What a deposit does not cover

A deposit of two months rarely covers a tenant who stops paying and stays for four, let alone the legal cost of getting the home back. Disputes about returning it are also the most common complaint between tenants and landlords.

## What replaces it

- **Screening** before the agreement: a credit report and documents that show the tenant can pay.
- **Protection** after it: loss of rent, damage and overstaying are covered up to RM42,000, depending on the plan.

> The question is not "deposit or no deposit" but "what actually protects my rent".

If you rent out a home, read our [landlord protection guide](/learn/landlord-protection) to compare the plans.`,
      },
      ms: {
        slug: 'mengapa-tuan-rumah-memilih-sifar-deposit',
        title: 'Mengapa lebih ramai tuan rumah kini menyewakan tanpa deposit',
        description:
          'Deposit terasa selamat, tetapi ia menjauhkan penyewa yang baik. Bagaimana saringan dan perlindungan melakukannya dengan lebih baik.',
        body: `Selama berdekad-dekad, kebiasaan di Malaysia ialah "dua tambah satu": deposit keselamatan dua bulan dan deposit utiliti sebulan. Ia sedang berubah, dan tuan rumah sendiri yang mengubahnya.

## Deposit menyempitkan pilihan

Meminta penyewa membayar tiga bulan sewa terlebih dahulu bermakna ramai orang yang boleh dipercayai, seperti profesional muda dan keluarga yang baru berpindah kerana kerja, tidak mampu memohon. Rumah kosong lebih lama, dan sebulan kosong lebih mahal daripada apa yang biasanya dapat diperoleh semula daripada deposit.

## Apa yang tidak dilindungi oleh deposit

Deposit dua bulan jarang mencukupi apabila penyewa berhenti membayar dan terus tinggal selama empat bulan, apatah lagi kos guaman untuk mendapatkan semula rumah. Pertikaian tentang pemulangan deposit juga merupakan aduan paling biasa antara penyewa dan tuan rumah.

## Apa penggantinya

- **Saringan** sebelum perjanjian: laporan kredit dan dokumen yang menunjukkan penyewa mampu membayar.
- **Perlindungan** selepasnya: kehilangan sewa, kerosakan dan penyewa yang enggan keluar dilindungi sehingga RM42,000, bergantung pada pelan.

> Persoalannya bukan "deposit atau tanpa deposit" tetapi "apa yang benar-benar melindungi sewa saya".

Jika anda menyewakan rumah, baca [panduan perlindungan tuan rumah](/my/learn/landlord-protection) kami untuk membandingkan pelan.`,
      },
      zh: {
        slug: 'weishenme-fangdong-xuanze-lingyajin',
        title: '为什么越来越多房东选择零押金出租',
        description: '押金让人觉得安心，却把好租客挡在门外。审核和保障如何做得更好。',
        body: `几十年来，马来西亚的惯例是"二加一"：两个月押金加一个月水电押金。这个惯例正在改变，而推动改变的正是房东。

## 押金缩小了选择

要求租客预先付三个月租金，意味着许多可靠的人，例如年轻上班族和刚因工作搬家的家庭，根本无法申请。房子空置得更久，而空置一个月的损失，往往比押金能追回的还多。

## 押金保障不了什么

两个月的押金，很少足以应付一个停止付租却继续住上四个月的租客，更不用说收回房子的法律费用。退还押金的争议，也是租客和房东之间最常见的投诉。

## 用什么取代押金

- **签约前的审核**：信用报告和证明租客付得起租金的文件。
- **签约后的保障**：租金损失、损坏和霸租，视计划而定，最高保障 RM42,000。

> 问题不是"要不要押金"，而是"什么才能真正保障我的租金"。

如果你有房子出租，请阅读我们的[房东保障指南](/zh/learn/landlord-protection)比较各项计划。`,
      },
    },
  },
  {
    key: 'post-rental-scams',
    kind: 'POST',
    cover: 16,
    publishedDaysAgo: 4,
    words: {
      en: {
        slug: 'five-signs-of-a-rental-scam',
        title: 'Five signs of a rental scam, and what to do',
        description: 'Rental fraud in Malaysia rose sharply in recent years. The warning signs, and how to stay safe.',
        body: `Reported cases of rental fraud using stolen identities rose from 184 in 2023 to more than 900 in 2025. Most follow the same script.

## 1. The price is far below the area

A fully furnished condo in Mont Kiara for RM1,200 is not a lucky find. Compare with our price checker before you get excited.

## 2. The "owner" cannot meet you

They are overseas, working offshore, or looking after a sick parent, and will send the keys by courier after you pay.

## 3. They want money before a viewing

A "holding deposit" to a personal account, often with pressure: "three other people are interested".

## 4. The documents look official, but are not checked

A photo of an IC and a land title proves nothing: they are easy to steal or edit.

## 5. They move the chat elsewhere

Scammers prefer apps where nothing is recorded. On Kunci, the chat and the payments stay on the platform.

## What to do

Never pay outside the platform. Report the listing or the chat, and if you have paid, make a police report and call the National Scam Response Centre at **997** at once.`,
      },
      ms: {
        slug: 'lima-tanda-penipuan-sewa',
        title: 'Lima tanda penipuan sewa, dan apa yang perlu dilakukan',
        description: 'Penipuan sewa di Malaysia meningkat dengan ketara sejak beberapa tahun lalu. Tanda-tanda amaran dan cara untuk kekal selamat.',
        body: `Kes penipuan sewa yang dilaporkan menggunakan identiti curi meningkat daripada 184 pada 2023 kepada lebih 900 pada 2025. Kebanyakannya mengikut skrip yang sama.

## 1. Harganya jauh lebih rendah daripada kawasan itu

Kondominium berperabot penuh di Mont Kiara untuk RM1,200 bukan tuah. Bandingkan dengan penyemak harga kami sebelum teruja.

## 2. "Pemilik" tidak dapat berjumpa anda

Mereka berada di luar negara, bekerja di luar pesisir, atau menjaga ibu bapa yang sakit, dan akan menghantar kunci melalui kurier selepas anda membayar.

## 3. Mereka mahu wang sebelum lawatan

"Deposit simpanan" ke akaun peribadi, selalunya dengan desakan: "tiga orang lagi berminat".

## 4. Dokumen kelihatan rasmi, tetapi tidak disemak

Foto kad pengenalan dan geran tanah tidak membuktikan apa-apa: ia mudah dicuri atau diubah.

## 5. Mereka memindahkan sembang ke tempat lain

Penipu lebih suka aplikasi yang tidak merekodkan apa-apa. Di Kunci, sembang dan bayaran kekal dalam platform.

## Apa yang perlu dilakukan

Jangan sekali-kali membayar di luar platform. Laporkan iklan atau sembang itu, dan jika anda sudah membayar, buat laporan polis dan hubungi Pusat Respons Scam Kebangsaan di talian **997** dengan segera.`,
      },
      zh: {
        slug: 'zufang-zhapian-wuge-xinhao',
        title: '租房诈骗的五个信号，以及应对方法',
        description: '近年来马来西亚的租房诈骗急剧增加。认识警讯，保护自己。',
        body: `利用盗用身份进行的租房诈骗，报案数字从 2023 年的 184 宗增加到 2025 年的 900 多宗。大多数诈骗都照着同一个剧本。

## 1. 价格远低于当地行情

满家乐一间全配套公寓只要 RM1,200，这不是捡到便宜。兴奋之前，先用我们的价格查询工具比较一下。

## 2. "屋主"无法与你见面

他们在国外、在海上工作，或在照顾生病的父母，说等你付款后会用快递寄钥匙。

## 3. 看房前就要钱

要你把"订金"转到私人户口，还常常催促："还有三个人有兴趣"。

## 4. 文件看似正式，但没有经过核实

一张身份证和地契的照片证明不了什么：这些很容易被盗用或修改。

## 5. 把聊天转到别处

骗子喜欢用不留记录的应用程序。在 Kunci，聊天和付款都留在平台上。

## 该怎么做

绝对不要在平台以外付款。举报该房源或聊天；如果已经付款，请立即报警并拨打国家诈骗应对中心热线 **997**。`,
      },
    },
  },
  {
    key: 'event-landlord-clinic',
    kind: 'EVENT',
    cover: 19,
    event: { inDays: 18, startHour: 10, hours: 3, venue: 'Kunci office, Bangsar South, Kuala Lumpur', weekday: 6 },
    words: {
      en: {
        slug: 'landlord-clinic-bangsar-south',
        title: 'Landlord clinic: pricing, screening and protection',
        description: 'A free Saturday morning session for owners: price your home from real data and understand zero-deposit renting.',
        body: `Bring your questions and, if you like, your property's details. In three hours we cover:

- **Pricing from data**: how to read the price range for your building, and when to lower the rent.
- **Screening**: what we check, what a failed screening looks like, and how to talk to applicants.
- **Protection**: the three plans side by side, with real claim examples.
- **Your questions**: one-to-one help with listings, photos and the tenancy agreement.

Free of charge; coffee and kuih provided. Sessions are in English and Malay, with a Mandarin-speaking colleague on hand. Send us a message from the contact page to save a seat.`,
      },
      ms: {
        slug: 'klinik-tuan-rumah-bangsar-south',
        title: 'Klinik tuan rumah: harga, saringan dan perlindungan',
        description: 'Sesi percuma pada pagi Sabtu untuk pemilik: tetapkan harga rumah berdasarkan data sebenar dan fahami sewaan sifar deposit.',
        body: `Bawa soalan anda dan, jika mahu, butiran hartanah anda. Dalam tiga jam kami membincangkan:

- **Harga berdasarkan data**: cara membaca julat harga bagi bangunan anda, dan bila patut menurunkan sewa.
- **Saringan**: apa yang kami semak, bagaimana saringan yang gagal, dan cara bercakap dengan pemohon.
- **Perlindungan**: tiga pelan dibandingkan, dengan contoh tuntutan sebenar.
- **Soalan anda**: bantuan satu lawan satu untuk iklan, foto dan perjanjian sewa.

Percuma; kopi dan kuih disediakan. Sesi dalam bahasa Inggeris dan bahasa Melayu, dengan rakan sekerja yang berbahasa Mandarin. Hantar mesej kepada kami melalui halaman hubungi untuk menempah tempat.`,
      },
      zh: {
        slug: 'fangdong-zixunhui-bangsar-south',
        title: '房东咨询会：定价、租客审核与保障',
        description: '为屋主而设的免费星期六上午讲座：用真实数据为房子定价，了解零押金出租。',
        body: `欢迎带着问题前来，也可以带上房产资料。三个小时内我们会讲解：

- **用数据定价**：如何看懂你所在公寓的租金范围，以及何时应该降价。
- **租客审核**：我们查些什么、审核不通过是什么情况，以及如何与申请者沟通。
- **保障**：三种计划并列比较，附真实索赔案例。
- **你的问题**：一对一协助处理房源、照片和租约。

免费参加，提供咖啡和糕点。讲座以英语和马来语进行，现场有会说华语的同事。请通过联系页面给我们留言预留座位。`,
      },
    },
  },
  {
    key: 'event-first-rental-webinar',
    kind: 'EVENT',
    cover: 22,
    event: { inDays: 32, startHour: 20, hours: 1, venue: 'Online' },
    words: {
      en: {
        slug: 'first-rental-webinar',
        title: 'Webinar: renting your first home in the Klang Valley',
        description: 'One evening hour for first-time tenants: budgets, areas, viewings, screening and your tenancy agreement.',
        body: `Moving out for the first time, or moving to Kuala Lumpur for work? In one hour we walk through:

1. Setting a budget that includes utilities, internet and parking.
2. Choosing an area by your commute, with examples on the LRT and MRT lines.
3. What to check at a viewing, and the questions to ask.
4. What screening needs from you, and how to prepare your documents.
5. Reading a tenancy agreement: notice, repairs and renewal.

Live questions at the end. The link is sent to everyone who registers through the contact page.`,
      },
      ms: {
        slug: 'webinar-sewa-rumah-pertama',
        title: 'Webinar: menyewa rumah pertama anda di Lembah Klang',
        description: 'Satu jam pada waktu malam untuk penyewa kali pertama: bajet, kawasan, lawatan, saringan dan perjanjian sewa.',
        body: `Kali pertama keluar dari rumah keluarga, atau berpindah ke Kuala Lumpur kerana kerja? Dalam satu jam kami menerangkan:

1. Menetapkan bajet yang merangkumi utiliti, internet dan tempat letak kereta.
2. Memilih kawasan mengikut perjalanan ke tempat kerja, dengan contoh di laluan LRT dan MRT.
3. Apa yang perlu disemak ketika lawatan, dan soalan yang patut ditanya.
4. Apa yang diperlukan untuk saringan, dan cara menyediakan dokumen anda.
5. Membaca perjanjian sewa: notis, pembaikan dan pembaharuan.

Sesi soal jawab secara langsung pada akhirnya. Pautan dihantar kepada semua yang mendaftar melalui halaman hubungi.`,
      },
      zh: {
        slug: 'diyici-zufang-wangluo-jiangzuo',
        title: '网络讲座：在巴生谷租第一间房子',
        description: '为第一次租房的人而设的一小时晚间讲座：预算、地区、看房、审核和租约。',
        body: `第一次搬出来住，或是因为工作搬到吉隆坡？一个小时内我们会讲解：

1. 定一个包括水电、网络和停车费的预算。
2. 按通勤路线选择地区，以 LRT 和 MRT 沿线为例。
3. 看房时要检查什么、该问哪些问题。
4. 审核需要你提供什么，以及如何准备文件。
5. 看懂租约：通知期、维修和续约。

最后设有现场问答。链接会发给所有通过联系页面报名的人。`,
      },
    },
  },
];
